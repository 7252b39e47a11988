import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_MESSAGES, loginBody, me } from '@comptoir/shared/auth';
import { errorResponse } from '@comptoir/shared/errors';
import { HttpError, unauthorized } from '../../errors';
import { clearSessionCookie, setSessionCookie } from '../../plugins/auth';
import {
  SESSION_COOKIE,
  checkCredentials,
  closeSession,
  countLoginAttempt,
  forgiveLoginAttempt,
  openSession,
  toMe,
} from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ouvre une session (cookie httpOnly comptoir_session)',
        body: loginBody,
        response: { 200: me, 429: errorResponse },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      // Counted in the database before the password is checked: the limits hold across instances.
      const attempt = await countLoginAttempt(
        app.db,
        { ip: request.ip, login: request.body.login },
        app.config.sessionSecret,
      );
      if (attempt.retryAfter !== null) {
        reply.header('retry-after', attempt.retryAfter);
        throw new HttpError(429, AUTH_MESSAGES.tooManyAttempts);
      }
      const user = await checkCredentials(app.db, request.body);
      if (!user) throw unauthorized(AUTH_MESSAGES.badCredentials);
      await forgiveLoginAttempt(app.db, attempt);
      const { token } = await openSession(app.db, user, app.config.sessionSecret);
      setSessionCookie(reply, app.config, token);
      return toMe(user);
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
      schema: { tags: ['auth'], summary: 'Le compte connecté', response: { 200: me } },
      config: { access: 'optional' },
    },
    async (request) => {
      if (!request.user) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
      return toMe(request.user);
    },
  );
};
