// The sessions table: a session's row holds the keyed hash of its cookie's token (never the token),
// its account, its absolute expiry and its last request. Accounts are the auth module's (users, read
// here to answer who a session is).
import { and, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { sessions, users } from '@comptoir/db/schema';
import type { Role } from '@comptoir/shared/auth';

/** The logged-in user as every route sees it (request.user). */
export interface SessionUser {
  id: number;
  login: string;
  role: Role;
  codeClient: string | null;
  /**
   * A visitor without an account ordering as the visitor customer (see openVisitorSession): set only
   * by the cart routes, which alone accept such a session.
   */
  visitor?: boolean;
}

export async function insertSession(db: DbOrTx, session: { id: string; userId: number; expiresAt: Date }) {
  await db.insert(sessions).values(session);
}

const secondsAgo = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

/**
 * The user of a live session: before its absolute expiry and seen less than `idleSeconds` ago.
 * `stale` says its last request is more than `refreshSeconds` old; `secondsLeft`, how long until its
 * absolute expiry. Times are the database's, the same for every instance.
 */
export async function findSessionUser(
  db: DbOrTx,
  sessionId: string,
  limits: { idleSeconds: number; refreshSeconds: number },
): Promise<(SessionUser & { stale: boolean; secondsLeft: number }) | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      login: users.login,
      role: users.role,
      codeClient: users.customerCode,
      stale: sql<boolean>`${sessions.lastSeenAt} < ${secondsAgo(limits.refreshSeconds)}`,
      secondsLeft: sql<number>`extract(epoch from ${sessions.expiresAt} - now())::float8`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, secondsAgo(limits.idleSeconds)),
      ),
    );
  return row;
}

/** Records a request of the session now: its idle limit starts again. */
export async function touchSession(db: DbOrTx, sessionId: string) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: DbOrTx, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Every session of one user (a password change ends them all). */
export async function deleteUserSessions(db: DbOrTx, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Expired or idle sessions of one user; cleaned at each of their logins so the table does not grow
 * forever.
 */
export async function deleteExpiredSessions(db: DbOrTx, userId: number, idleSeconds: number) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(lte(sessions.expiresAt, sql`now()`), lte(sessions.lastSeenAt, secondsAgo(idleSeconds))),
      ),
    );
}

/** Every session of the user but `keepId` (the one that changed the password). */
export async function deleteOtherSessions(db: DbOrTx, userId: number, keepId: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)));
}
