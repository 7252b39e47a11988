// Sessions: the cookie carries a random token; the database keeps only its keyed hash, so that a copy
// of the sessions table does not open any session. Everything lives in the database, so that every
// instance sharing it sees the same sessions. The auth plugin looks them up on each request; the auth
// module opens and ends them at login, logout and password changes.
import { createHmac, randomBytes } from 'node:crypto';
import type { Database, DbOrTx } from '@comptoir/db/client';
import { conflict } from '../errors';
import { SESSION_DURATION_MS } from './cookies';
import { keptSession, sessionsEnded } from './sessions.kept';
import * as repo from './sessions.repository';
import type { SessionUser } from './sessions.repository';
import { sessionLimits } from './session-limits';

export type { SessionUser } from './sessions.repository';
export { sessionsEnded } from './sessions.kept';

/** The keyed hash the database keeps of a token (sessions, reset links, login attempt keys). */
export const keyedHash = (value: string, secret: string) =>
  createHmac('sha256', secret).update(value).digest('base64url');

export function sessionId(token: string, secret: string): string {
  return keyedHash(token, secret);
}

/**
 * Opens a session of user `userId` inside the caller's transaction and returns the cookie token; the
 * user's expired or idle sessions are cleaned on the way, so that the table does not grow forever.
 */
export async function startSession(
  tx: DbOrTx,
  userId: number,
  secret: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_DURATION_MS);
  await repo.deleteExpiredSessions(tx, userId, sessionLimits.idleSeconds);
  await repo.insertSession(tx, { id: sessionId(token, secret), userId, expiresAt });
  return { token, expiresAt };
}

// A visitor's token is hashed under its own prefix: copied into the login cookie it opens nothing,
// and a login token copied into the visitor cookie opens nothing either.
const visitorToken = (token: string) => `visiteur:${token}`;

/**
 * The user of a live session (neither expired nor idle too long); keeps it alive once a minute. The
 * answer cache keeps a checked session for up to SESSION_REFRESH_MS: every request of a logged-in
 * user would otherwise read it. A session ended on this process is dropped at once (sessionsEnded),
 * on the others when the commit's notification arrives; an unknown token is always looked up.
 */
export async function userForToken(db: Database, token: string, secret: string): Promise<SessionUser | null> {
  return (await keptSession(db, sessionId(token, secret)))?.user ?? null;
}

/** The visitor account of a live visitor cart session (see openVisitorSession), or null. */
export const visitorForToken = (db: Database, token: string, secret: string) =>
  userForToken(db, visitorToken(token), secret);

/**
 * Creates, inside the caller's transaction, the account of a visitor's cart session ordering as
 * customer `codeClient`; undefined when it could not (its random login taken). The auth module's.
 */
export type CreateVisitorAccount = (tx: DbOrTx, codeClient: string) => Promise<SessionUser | undefined>;

/**
 * Opens the cart session of a visitor without an account, ordering as customer `codeClient` (the
 * visitor customer): an account of its own that nobody can log in to (createAccount), so that each
 * browser has its own cart even though every visitor orders as the same customer. Not a login: nothing
 * is recorded for the statistics.
 */
export async function openVisitorSession(
  db: Database,
  codeClient: string,
  secret: string,
  createAccount: CreateVisitorAccount,
): Promise<{ token: string; user: SessionUser }> {
  const token = randomBytes(32).toString('base64url');
  const user = await db.transaction(async (tx) => {
    const created = await createAccount(tx, codeClient);
    if (!created) throw conflict('Session visiteur impossible à ouvrir, réessayez');
    await repo.insertSession(tx, {
      id: sessionId(visitorToken(token), secret),
      userId: created.id,
      expiresAt: new Date(Date.now() + SESSION_DURATION_MS),
    });
    return created;
  });
  return { token, user: { ...user, visitor: true } };
}

export async function closeSession(db: Database, token: string, secret: string): Promise<void> {
  await repo.deleteSession(db, sessionId(token, secret));
  sessionsEnded(db);
}

/**
 * Ends every session of user `userId` inside the caller's transaction, but the one of `keepToken`
 * when given (the session that changed the password stays open). The caller calls sessionsEnded once
 * the transaction committed.
 */
export async function endUserSessions(
  tx: DbOrTx,
  userId: number,
  keep?: { token: string; secret: string },
): Promise<void> {
  if (keep) await repo.deleteOtherSessions(tx, userId, sessionId(keep.token, keep.secret));
  else await repo.deleteUserSessions(tx, userId);
}
