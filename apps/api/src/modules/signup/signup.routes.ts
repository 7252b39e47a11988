import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '@comptoir/shared/auth';
import { errorResponse } from '@comptoir/shared/errors';
import { SIGNUP_MESSAGES, signupBody, signupOptions, temporaryAccountBody } from '@comptoir/shared/signup';
import type { FieldError } from '@comptoir/shared/validation';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../errors';
import { setSessionCookie } from '../../plugins/auth';
import { countLoginAttempt, openSession, toMe, type SessionUser } from '../auth/auth.service';
import { openTemporaryAccount, signUp, signupOptions as readSignupOptions } from './signup.service';

const tags = ['auth'];
// The schemas carry French messages of their own ('SIRET invalide…'): answer them.
const ownMessage = {
  access: 'public' as const,
  validationMessage: (details: FieldError[]) => details[0]?.message,
};
const refusals = { 403: errorResponse, 409: errorResponse, 429: errorResponse };

export const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Counted like login attempts (same limits, counts of their own): every sign-up uses one up. */
  async function limit(request: FastifyRequest, reply: FastifyReply, email: string) {
    const attempt = await countLoginAttempt(
      app.db,
      { ip: request.ip, login: email },
      app.config.sessionSecret,
      'signup',
    );
    if (attempt.retryAfter !== null) {
      reply.header('retry-after', attempt.retryAfter);
      throw new HttpError(429, SIGNUP_MESSAGES.tooManyAttempts);
    }
  }

  async function logIn(reply: FastifyReply, user: SessionUser) {
    const { token } = await openSession(app.db, user, app.config.sessionSecret);
    setSessionCookie(reply, app.config, token);
    return toMe(app.db, user);
  }

  app.get(
    '/auth/inscription',
    {
      schema: {
        tags,
        summary:
          'Ce que la page d’inscription propose : comptes particulier, professionnel, commande sans compte',
        response: { 200: signupOptions },
      },
      config: { access: 'public' },
    },
    () => readSignupOptions(app.db),
  );

  app.post(
    '/auth/inscription',
    {
      schema: {
        tags,
        summary:
          'Crée le compte d’un particulier ou d’un professionnel (selon les paramètres de connexion), son client et ' +
          'son adresse de livraison, et ouvre sa session. L’e-mail est l’identifiant.',
        body: signupBody,
        response: { 200: me, ...refusals },
      },
      config: ownMessage,
    },
    async (request, reply) => {
      await limit(request, reply, request.body.email);
      // The account-created mail is queued in the sign-up's transaction (mail module).
      const user = await signUp(app.db, request.body, app.mail);
      return logIn(reply, user);
    },
  );

  app.post(
    '/auth/compte-temporaire',
    {
      schema: {
        tags,
        summary:
          'Commande sans compte (paramètre anonymousAccount) : crée un client temporaire du type typeClientTemporaire ' +
          'et ouvre une session pour passer commande ; ce compte n’a pas de mot de passe.',
        body: temporaryAccountBody,
        response: { 200: me, ...refusals },
      },
      config: ownMessage,
    },
    async (request, reply) => {
      await limit(request, reply, request.body.email);
      return logIn(reply, await openTemporaryAccount(app.db, request.body));
    },
  );
};
