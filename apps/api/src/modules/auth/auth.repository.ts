import { and, asc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { loginEvents, sessions, users } from '@comptoir/db/schema';
import type { Role } from '@comptoir/shared/auth';

export interface UserRow {
  id: number;
  login: string;
  passwordHash: string;
  role: Role;
  customerCode: string | null;
}

/** The logged-in user as every route sees it (request.user). */
export interface SessionUser {
  id: number;
  login: string;
  role: Role;
  codeClient: string | null;
}

const userColumns = {
  id: users.id,
  login: users.login,
  passwordHash: users.passwordHash,
  role: users.role,
  customerCode: users.customerCode,
};

export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.login, login));
  return row;
}

export async function insertUser(
  db: DbOrTx,
  user: { login: string; passwordHash: string; role: Role; customerCode: string | null },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning(userColumns);
  return row!;
}

export async function updatePasswordHash(db: DbOrTx, login: string, passwordHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash })
    .where(eq(users.login, login))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function listUsers(db: DbOrTx): Promise<Omit<UserRow, 'passwordHash'>[]> {
  return db
    .select({ id: users.id, login: users.login, role: users.role, customerCode: users.customerCode })
    .from(users)
    .orderBy(asc(users.role), asc(users.login));
}

export async function adminExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return row !== undefined;
}

export async function insertSession(db: DbOrTx, session: { id: string; userId: number; expiresAt: Date }) {
  await db.insert(sessions).values(session);
}

export async function findSessionUser(db: DbOrTx, sessionId: string): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({ id: users.id, login: users.login, role: users.role, codeClient: users.customerCode })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, sql`now()`)));
  return row;
}

export async function deleteSession(db: DbOrTx, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Expired sessions of one user; cleaned at each of their logins so the table does not grow forever. */
export async function deleteExpiredSessions(db: DbOrTx, userId: number) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, sql`now()`)));
}

export async function insertLoginEvent(db: DbOrTx, event: { userId: number; customerCode: string }) {
  await db.insert(loginEvents).values(event);
}

// Midnight of today in Paris, as a timestamptz.
const startOfParisDay = sql`(date_trunc('day', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris')`;

export function countLoginsToday(db: DbOrTx): Promise<number> {
  return db.$count(
    loginEvents,
    and(gte(loginEvents.at, startOfParisDay), lt(loginEvents.at, sql`${startOfParisDay} + interval '1 day'`)),
  );
}
