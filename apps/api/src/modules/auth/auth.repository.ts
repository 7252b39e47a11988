import { and, asc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { loginAttempts, loginEvents, passwordResetTokens, users } from '@comptoir/db/schema';
import type { Role } from '@comptoir/shared/auth';

export interface UserRow {
  id: number;
  login: string;
  passwordHash: string;
  role: Role;
  customerCode: string | null;
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

/** Inserts the user unless its login is taken (then undefined): safe against a concurrent twin. */
export async function insertUserIfNew(
  db: DbOrTx,
  user: { login: string; passwordHash: string; role: Role; customerCode: string | null },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.login })
    .returning(userColumns);
  return row;
}

/** Sets the password hash of `login`; the user's id, or undefined for an unknown login. */
export async function updatePasswordHash(
  db: DbOrTx,
  login: string,
  passwordHash: string,
): Promise<number | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordHash })
    .where(eq(users.login, login))
    .returning({ id: users.id });
  return row?.id;
}

export async function adminExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return row !== undefined;
}

const secondsAgo = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

/**
 * Counts one attempt under each key, in windows of `windowSeconds` that start at a key's first
 * attempt. Returns, per key, the attempts of its current window and the seconds it has left.
 * One statement: concurrent attempts, on any instance, are all counted.
 */
export async function countLoginAttempt(
  db: DbOrTx,
  keys: string[],
  windowSeconds: number,
): Promise<{ key: string; count: number; secondsLeft: number }[]> {
  const open = sql`${loginAttempts.windowStart} > ${secondsAgo(windowSeconds)}`;
  return db
    .insert(loginAttempts)
    .values(keys.map((key) => ({ key, windowStart: sql`now()`, count: 1 })))
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        count: sql`case when ${open} then ${loginAttempts.count} + 1 else 1 end`,
        windowStart: sql`case when ${open} then ${loginAttempts.windowStart} else now() end`,
      },
    })
    .returning({
      key: loginAttempts.key,
      count: loginAttempts.count,
      secondsLeft: sql<number>`greatest(1, ceil(extract(epoch from ${loginAttempts.windowStart} + make_interval(secs => ${windowSeconds}) - now())))::int`,
    });
}

/** Takes back one attempt under each key (a successful login does not count). */
export async function uncountLoginAttempt(db: DbOrTx, keys: string[]) {
  await db
    .update(loginAttempts)
    .set({ count: sql`greatest(${loginAttempts.count} - 1, 0)` })
    .where(inArray(loginAttempts.key, keys));
}

/** Forgets the windows that have ended: the table holds the last few minutes only. */
export async function deleteEndedLoginWindows(db: DbOrTx, windowSeconds: number) {
  await db.delete(loginAttempts).where(lt(loginAttempts.windowStart, secondsAgo(windowSeconds)));
}

export async function insertLoginEvent(db: DbOrTx, event: { userId: number; customerCode: string }) {
  await db.insert(loginEvents).values(event);
}

// ---------------------------------------------------------------- passwords

/** The customer accounts of these customers, by login. */
export function findClientUsersOfCustomers(db: DbOrTx, customerCodes: readonly string[]): Promise<UserRow[]> {
  if (customerCodes.length === 0) return Promise.resolve([]);
  return db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.role, 'client'), inArray(users.customerCode, [...customerCodes])))
    .orderBy(asc(users.login));
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row;
}

/** Sets the password hash of user `id`. */
export async function setPasswordHash(db: DbOrTx, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/** Reset links of the user still usable (neither used nor expired). */
export async function countLiveResetTokens(db: DbOrTx, userId: number): Promise<number> {
  return db.$count(
    passwordResetTokens,
    and(
      eq(passwordResetTokens.userId, userId),
      isNull(passwordResetTokens.usedAt),
      gt(passwordResetTokens.expiresAt, sql`now()`),
    ),
  );
}

export async function insertResetToken(db: DbOrTx, token: { id: string; userId: number; expiresAt: Date }) {
  await db.insert(passwordResetTokens).values(token);
}

/**
 * The user of a usable reset token (neither used nor expired), or undefined. With `lock`, the token's
 * row stays locked until the transaction ends: two uses of one link take turns, the second finds it used.
 */
export async function findLiveResetToken(
  db: DbOrTx,
  id: string,
  options: { lock?: boolean } = {},
): Promise<{ userId: number } | undefined> {
  const query = db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.id, id),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    );
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** Marks the token used and drops the user's other tokens: one reset ends every link sent before. */
export async function useResetToken(db: DbOrTx, id: string, userId: number) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(eq(passwordResetTokens.id, id));
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), ne(passwordResetTokens.id, id)));
}

/** Tokens ended an hour ago or more: cleaned at each request so the table does not grow. */
export async function deleteEndedResetTokens(db: DbOrTx) {
  await db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, sql`now() - interval '1 hour'`));
}

/** Deletes a login; its sessions and links go with it (foreign keys). */
export async function deleteUser(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}
