// Accounts and sessions. The cookie carries a random token; the database keeps only its keyed hash,
// so a copy of the sessions table does not open any session.
import { createHmac, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Database, DbOrTx } from '@comptoir/db/client';
import type { LoginBody, Me, Role } from '@comptoir/shared/auth';
import { CART_MESSAGES } from '@comptoir/shared/cart';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { findCustomer } from '../reference/reference.service';
import * as repo from './auth.repository';
import type { SessionUser } from './auth.repository';

export type { SessionUser } from './auth.repository';

export const SESSION_COOKIE = 'comptoir_session';
export const SESSION_DURATION_MS = 30 * 24 * 3600 * 1000;

export const hashPassword = (password: string) => hash(password);

// Unknown logins are checked against this hash too, so that they take as long as a wrong password.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hash(randomBytes(16).toString('hex')));

/** The user whose login and password match, or null; the failure path costs one argon2 verification either way. */
export async function checkCredentials(db: Database, credentials: LoginBody): Promise<SessionUser | null> {
  const user = await repo.findUserByLogin(db, credentials.login);
  const valid = await verify(user?.passwordHash ?? (await decoy()), credentials.password).catch(() => false);
  if (!user || !valid) return null;
  return { id: user.id, login: user.login, role: user.role, codeClient: user.customerCode };
}

export function sessionId(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('base64url');
}

/** Opens a session for the user and returns the cookie token; a customer's login is recorded for the statistics. */
export async function openSession(
  db: Database,
  user: SessionUser,
  secret: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_DURATION_MS);
  await db.transaction(async (tx) => {
    await repo.deleteExpiredSessions(tx, user.id);
    await repo.insertSession(tx, { id: sessionId(token, secret), userId: user.id, expiresAt });
    if (user.role === 'client' && user.codeClient) {
      await repo.insertLoginEvent(tx, { userId: user.id, customerCode: user.codeClient });
    }
  });
  return { token, expiresAt };
}

export async function userForToken(db: Database, token: string, secret: string): Promise<SessionUser | null> {
  return (await repo.findSessionUser(db, sessionId(token, secret))) ?? null;
}

export async function closeSession(db: Database, token: string, secret: string): Promise<void> {
  await repo.deleteSession(db, sessionId(token, secret));
}

export const toMe = (user: SessionUser): Me => ({
  login: user.login,
  role: user.role,
  codeClient: user.codeClient,
});

export interface NewUser {
  login: string;
  password: string;
  role: Role;
  codeClient?: string | null;
}

/** Creates an account; a customer account must name an existing customer, an administrator none. */
export async function createUser(db: Database, input: NewUser): Promise<SessionUser> {
  const codeClient = input.codeClient?.trim() || null;
  if (input.role === 'client' && !codeClient)
    throw badRequest('Un compte client doit indiquer son code client');
  if (input.role === 'admin' && codeClient)
    throw badRequest('Un compte administrateur ne peut pas être rattaché à un client');
  if (codeClient && !(await findCustomer(db, codeClient))) throw notFound(`Client inconnu : ${codeClient}`);
  if (await repo.findUserByLogin(db, input.login))
    throw conflict(`L'identifiant « ${input.login} » est déjà utilisé`);
  const row = await repo.insertUser(db, {
    login: input.login,
    passwordHash: await hashPassword(input.password),
    role: input.role,
    customerCode: codeClient,
  });
  return { id: row.id, login: row.login, role: row.role, codeClient: row.customerCode };
}

export async function changePassword(db: Database, login: string, password: string): Promise<void> {
  if (!(await repo.updatePasswordHash(db, login, await hashPassword(password))))
    throw notFound(`Identifiant inconnu : ${login}`);
}

export const listUsers = (db: Database) => repo.listUsers(db);

/**
 * DESIGN.md §3: at first start, when no administrator exists, creates `login` with `password`, or
 * with a generated one that the caller prints once. Returns what was created, or null.
 */
export async function ensureFirstAdmin(
  db: Database,
  options: { login: string; password?: string },
): Promise<{ login: string; password: string; generated: boolean } | null> {
  if (await repo.adminExists(db)) return null;
  const generated = !options.password;
  const password = options.password || randomBytes(12).toString('base64url');
  const existing = await repo.findUserByLogin(db, options.login);
  if (existing) throw conflict(`L'identifiant « ${options.login} » existe déjà sans être administrateur`);
  await createUser(db, { login: options.login, password, role: 'admin' });
  return { login: options.login, password, generated };
}

/** The customer code of a customer account; an administrator has none (403). */
export function customerCodeOf(user: SessionUser): string {
  if (!user.codeClient) throw forbidden(CART_MESSAGES.customerOnly);
  return user.codeClient;
}

/** Customer logins of today (a Paris day). */
export const countLoginsToday = (db: DbOrTx): Promise<number> => repo.countLoginsToday(db);
