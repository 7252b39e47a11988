// The browser's side of a login, the same for the login form and an accepted invitation: the session
// the browser held ends (whichever account it was), a new one opens, its cookie and the device cookie
// are set, and the account is answered as GET /auth/me answers it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Me } from '@comptoir/shared/auth';
import { setDeviceCookie, setSessionCookie } from '../../plugins/auth';
import { SESSION_COOKIE } from '../../sessions/cookies';
import { closeSession, type SessionUser } from '../../sessions/sessions';
import { deviceToken, openSession, toMe } from './auth.service';

export async function logInBrowser(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
): Promise<Me> {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await closeSession(app.db, previous, app.config.sessionSecret);
  const { token } = await openSession(app.db, user, app.config.sessionSecret);
  setSessionCookie(reply, app.config, token);
  setDeviceCookie(reply, app.config, deviceToken(user.login, app.config.sessionSecret));
  return toMe(app.db, user);
}
