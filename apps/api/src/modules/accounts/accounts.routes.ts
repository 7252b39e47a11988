// The back office's 'Comptes' calls and the invitation link's (docs/contract/accounts.md). Every
// /admin route is for administrators only (plugins/auth).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNTS_MESSAGES,
  acceptInvitationBody,
  accountAnswer,
  accountDeleted,
  accountParams,
  accountsPage,
  accountsQuery,
  inviteAccountBody,
  updateAccountBody,
} from '@comptoir/shared/accounts';
import { me } from '@comptoir/shared/auth';
import { errorResponse } from '@comptoir/shared/errors';
import type { FieldError } from '@comptoir/shared/validation';
import { forgiveLoginAttempt, limitAttempt } from '../auth/auth.service';
import { logInBrowser } from '../auth/browser-login.service';
import {
  acceptInvitation,
  deleteAccount,
  inviteAccount,
  listAccounts,
  resendInvitation,
  sendPasswordReset,
  updateAccount,
} from './accounts.service';

const tags = ['comptes'];
// The schemas carry French messages of their own: answer them.
const ownMessage = { validationMessage: (details: FieldError[]) => details[0]?.message };
const writeErrors = { 400: errorResponse, 404: errorResponse, 409: errorResponse };

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/comptes',
    {
      schema: {
        tags,
        summary:
          'Les comptes web, par identifiant : recherche (identifiant, nom, code client), rôle, état, par pages',
        querystring: accountsQuery,
        response: { 200: accountsPage },
      },
    },
    (request) => listAccounts(app.db, request.query),
  );

  app.post(
    '/admin/comptes',
    {
      schema: {
        tags,
        summary:
          'Invite une personne (son e-mail devient son identifiant) : lien valable 7 jours envoyé par e-mail',
        body: inviteAccountBody,
        response: { 201: accountAnswer, ...writeErrors },
      },
      config: ownMessage,
    },
    async (request, reply) => {
      const answer = await inviteAccount(app.db, request.body, app.mail, app.config.sessionSecret);
      return reply.code(201).send(answer);
    },
  );

  app.patch(
    '/admin/comptes/:id',
    {
      schema: {
        tags,
        summary: 'Renomme, désactive (ses sessions sont fermées) ou réactive un compte',
        params: accountParams,
        body: updateAccountBody,
        response: { 200: accountAnswer, ...writeErrors },
      },
      config: ownMessage,
    },
    (request) => updateAccount(app.db, request.params.id, request.body, request.user!),
  );

  app.post(
    '/admin/comptes/:id/invitation',
    {
      schema: {
        tags,
        summary: 'Renvoie l’invitation d’un compte invité : un nouveau lien, les précédents ne servent plus',
        params: accountParams,
        response: { 200: accountAnswer, ...writeErrors },
      },
    },
    (request) => resendInvitation(app.db, request.params.id, app.mail, app.config.sessionSecret),
  );

  app.post(
    '/admin/comptes/:id/mot-de-passe',
    {
      schema: {
        tags,
        summary: 'Envoie au compte le courriel de mot de passe oublié (lien valable 1 heure)',
        params: accountParams,
        response: { 200: accountAnswer, ...writeErrors },
      },
    },
    (request) => sendPasswordReset(app.db, request.params.id, app.mail, app.config.sessionSecret),
  );

  app.delete(
    '/admin/comptes/:id',
    {
      schema: {
        tags,
        summary: 'Supprime un compte (ses sessions et ses paniers), jamais le sien',
        params: accountParams,
        response: { 200: accountDeleted, ...writeErrors },
      },
    },
    (request) => deleteAccount(app.db, request.params.id, request.user!),
  );

  app.post(
    '/auth/invitation',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Le lien d’invitation : choisit le mot de passe du compte (lien à usage unique) et ouvre sa session',
        body: acceptInvitationBody,
        response: { 200: me, 400: errorResponse, 429: errorResponse },
      },
      config: { access: 'public', ...ownMessage },
    },
    async (request, reply) => {
      // Tokens cannot be guessed, but guessing is still counted per address.
      const attempt = await limitAttempt(
        app.db,
        reply,
        {
          ip: request.ip,
          login: `invitation:${request.ip}`,
          scope: 'reset',
          message: ACCOUNTS_MESSAGES.tooManyAttempts,
        },
        app.config.sessionSecret,
      );
      const user = await acceptInvitation(app.db, request.body, app.config.sessionSecret);
      await forgiveLoginAttempt(app.db, attempt);
      return logInBrowser(app, request, reply, user);
    },
  );
};
