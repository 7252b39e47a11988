import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  forgotPasswordBody,
  messageAnswer,
  resetPasswordBody,
} from '@comptoir/shared/account';
import { ACCOUNTS_MESSAGES } from '@comptoir/shared/accounts-texts';
import { AUTH_MESSAGES, NO_SESSION, loginBody, me, meAnswer } from '@comptoir/shared/auth';
import { errorResponse } from '@comptoir/shared/errors';
import { HttpError, unauthorized } from '../../errors';
import { loginAllowed } from '../accounts/accounts.service';
import { clearSessionCookie } from '../../plugins/auth';
import { DEVICE_COOKIE, SESSION_COOKIE } from '../../sessions/cookies';
import { closeSession } from '../../sessions/sessions';
import {
  checkCredentials,
  countLoginAttempt,
  forgiveLoginAttempt,
  limitAttempt,
  requestPasswordReset,
  resetPassword,
  toMe,
} from './auth.service';
import { logInBrowser } from './browser-login.service';
import type { FieldError } from '@comptoir/shared/validation';

// The schemas carry French messages of their own: answer them.
const ownMessage = {
  access: 'public' as const,
  validationMessage: (details: FieldError[]) => details[0]?.message,
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ouvre une session (cookie httpOnly comptoir_session)',
        body: loginBody,
        response: { 200: me, 401: errorResponse, 429: errorResponse },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      // Counted in the database before the password is checked: the limits hold across instances.
      // A browser that logged in to this account before carries a device cookie: others' failures
      // from its address do not refuse it.
      const attempt = await countLoginAttempt(
        app.db,
        { ip: request.ip, login: request.body.login, device: request.cookies[DEVICE_COOKIE] },
        app.config.sessionSecret,
      );
      if (attempt.retryAfter !== null) {
        reply.header('retry-after', attempt.retryAfter);
        throw new HttpError(429, AUTH_MESSAGES.tooManyAttempts);
      }
      const user = await checkCredentials(app.db, request.body);
      if (!user) throw unauthorized(AUTH_MESSAGES.badCredentials);
      // The accounts module records the login and refuses a disabled account.
      if (!(await loginAllowed(app.db, user.id))) throw unauthorized(ACCOUNTS_MESSAGES.loginDisabled);
      await forgiveLoginAttempt(app.db, attempt);
      return logInBrowser(app, request, reply, user);
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: { tags: ['auth'], summary: 'Ferme la session', response: { 204: z.null() } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await closeSession(app.db, token, app.config.sessionSecret);
      clearSessionCookie(reply, app.config);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'Le compte connecté, ou { connecte: false } sans session',
        response: { 200: meAnswer },
      },
      config: { access: 'optional' },
    },
    // A visitor is a normal state of every page: a 200, so that browsers log no failed request.
    async (request) => (request.user ? toMe(app.db, request.user) : NO_SESSION),
  );

  app.post(
    '/auth/mot-de-passe-oublie',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Envoie un lien de réinitialisation (usage unique, 1 heure) aux comptes clients de cette adresse e-mail ; ' +
          'la réponse est la même que l’adresse soit connue ou non',
        body: forgotPasswordBody,
        response: { 200: messageAnswer, 429: errorResponse },
      },
      config: ownMessage,
    },
    async (request, reply) => {
      await limitAttempt(
        app.db,
        reply,
        {
          ip: request.ip,
          login: request.body.email,
          scope: 'reset',
          message: ACCOUNT_MESSAGES.tooManyAttempts,
        },
        app.config.sessionSecret,
      );
      // The mail leaves from the outbox, after the answer: a known address answers as fast as another.
      await requestPasswordReset(app.db, request.body.email, app.config.sessionSecret, app.mail);
      return { message: ACCOUNT_MESSAGES.resetRequested };
    },
  );

  app.post(
    '/auth/mot-de-passe-oublie/nouveau',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Nouveau mot de passe par le lien reçu : le lien ne sert qu’une fois, toutes les sessions du compte sont fermées',
        body: resetPasswordBody,
        response: { 200: messageAnswer, 400: errorResponse, 429: errorResponse },
      },
      config: ownMessage,
    },
    async (request, reply) => {
      // Tokens cannot be guessed, but guessing is still counted per address.
      const attempt = await limitAttempt(
        app.db,
        reply,
        {
          ip: request.ip,
          login: `jeton:${request.ip}`,
          scope: 'reset',
          message: ACCOUNT_MESSAGES.tooManyAttempts,
        },
        app.config.sessionSecret,
      );
      await resetPassword(
        app.db,
        { token: request.body.jeton, password: request.body.motDePasse },
        app.config.sessionSecret,
      );
      await forgiveLoginAttempt(app.db, attempt);
      return { message: ACCOUNT_MESSAGES.resetDone };
    },
  );
};
