// Accounts, logins and login limits; the sessions themselves are the sessions layer's
// (apps/api/src/sessions). Everything lives in the database, so that every instance sharing it sees
// the same accounts and the same attempt counts.
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Database, DbOrTx } from '@comptoir/db/client';
import type { LoginBody, Me, Role } from '@comptoir/shared/auth';
import { CART_MESSAGES } from '@comptoir/shared/cart';
import { ACCOUNT_MESSAGES, PASSWORD_RESET_TTL_MINUTES, passwordProblem } from '@comptoir/shared/account';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { findCustomer } from '../reference/reference.service';
import { customerCodesWithEmail, firstCustomerOfKind } from '../reference/reference.reads';
import { queuePasswordResetMail, type MailQueue } from '../mail/mail.service';
import {
  endUserSessions,
  keyedHash,
  sessionsEnded,
  startSession,
  type SessionUser,
} from '../../sessions/sessions';
import * as repo from './auth.repository';

export type { SessionUser } from '../../sessions/sessions';
export { LOGIN_LIMITS } from '@comptoir/shared/login-limit';
export {
  clientAddressKey,
  countLoginAttempt,
  deviceOf,
  deviceToken,
  forgiveLoginAttempt,
  limitAttempt,
  type LoginAttempt,
} from './login-limits.service';

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

/** Opens a session for the user and returns the cookie token; a customer's login is recorded for the statistics. */
export async function openSession(
  db: Database,
  user: SessionUser,
  secret: string,
): Promise<{ token: string; expiresAt: Date }> {
  return db.transaction(async (tx) => {
    const opened = await startSession(tx, user.id, secret);
    if (user.role === 'client' && user.codeClient) {
      await repo.insertLoginEvent(tx, { userId: user.id, customerCode: user.codeClient });
    }
    return opened;
  });
}

/** The account of a visitor's cart session (sessions' openVisitorSession): nobody can log in to it. */
export const createVisitorAccount = (tx: DbOrTx, codeClient: string) =>
  createCustomerAccount(tx, {
    login: `visiteur-${randomBytes(12).toString('base64url')}`,
    password: null,
    codeClient,
  });

/** The account as GET /auth/me gives it; a private customer's says so (it sees prices incl. tax first). */
export async function toMe(db: DbOrTx, user: SessionUser): Promise<Me> {
  const me: Me = { login: user.login, role: user.role, codeClient: user.codeClient };
  const customer = user.codeClient && !user.visitor ? await findCustomer(db, user.codeClient) : undefined;
  return customer && !customer.isProfessional ? { ...me, particulier: true } : me;
}

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

/**
 * Creates the customer account `login` of customer `codeClient` inside the caller's transaction;
 * undefined when the login is taken. A null password makes an account nobody can log in to (a
 * temporary account lives in the session it was opened with).
 */
export async function createCustomerAccount(
  tx: DbOrTx,
  input: { login: string; password: string | null; codeClient: string },
): Promise<SessionUser | undefined> {
  const row = await repo.insertUserIfNew(tx, {
    login: input.login,
    // A random secret nobody knows: argon2 of it never matches a password typed at the login.
    passwordHash: await hashPassword(input.password ?? randomBytes(32).toString('base64url')),
    role: 'client',
    customerCode: input.codeClient,
  });
  return row && { id: row.id, login: row.login, role: row.role, codeClient: row.customerCode };
}

/** Changes the password of `login` and ends all its sessions: whoever held the old one is out. */
export async function changePassword(db: Database, login: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const userId = await repo.updatePasswordHash(tx, login, passwordHash);
    if (userId === undefined) throw notFound(`Identifiant inconnu : ${login}`);
    await endUserSessions(tx, userId);
  });
  sessionsEnded(db);
}

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

/** The demo customer accounts: a professional's and a private individual's. */
export const DEMO_ACCOUNTS = [
  { login: 'demo-pro', professional: true, kind: 'professionnel' },
  { login: 'demo-particulier', professional: false, kind: 'particulier' },
] as const;

/**
 * With the demo data just loaded: a login for a professional and a private demo customer, each with a
 * generated password that the caller prints once, so that a newcomer can shop at once. A login already
 * taken or a kind of customer missing is skipped.
 */
export async function createDemoCustomerAccounts(
  db: Database,
): Promise<{ login: string; password: string; codeClient: string; kind: string }[]> {
  const created = [];
  for (const account of DEMO_ACCOUNTS) {
    const codeClient = await firstCustomerOfKind(db, account.professional);
    if (!codeClient) continue;
    const password = randomBytes(12).toString('base64url');
    if (await createCustomerAccount(db, { login: account.login, password, codeClient }))
      created.push({ login: account.login, password, codeClient, kind: account.kind });
  }
  return created;
}

/** The customer code of a customer account; an administrator has none (403). */
export function customerCodeOf(user: SessionUser): string {
  if (!user.codeClient) throw forbidden(CART_MESSAGES.customerOnly);
  return user.codeClient;
}

// ---------------------------------------------------------------- the customer's own password

/** Reset links one account may hold at once: beyond, a request sends nothing more (no mail flood). */
const LIVE_RESET_TOKENS_MAX = 3;

/**
 * POST /rest/compte/mot-de-passe: the current password is checked (the caller counts the attempt),
 * the new one must follow the sign-up's rules; every other session of the account ends, the one that
 * asked stays open.
 */
export async function changeOwnPassword(
  db: Database,
  user: SessionUser,
  input: { current: string; next: string; sessionToken: string | undefined },
  secret: string,
): Promise<boolean> {
  if (!(await checkCredentials(db, { login: user.login, password: input.current }))) return false;
  const problem = passwordProblem(input.next, user.login);
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(input.next);
  await db.transaction(async (tx) => {
    await repo.setPasswordHash(tx, user.id, passwordHash);
    await endUserSessions(
      tx,
      user.id,
      input.sessionToken ? { token: input.sessionToken, secret } : undefined,
    );
  });
  sessionsEnded(db);
  return true;
}

/** Stores the keyed hash of a new reset link's token for user `userId`; the token, for the mail. */
export async function newResetToken(tx: DbOrTx, userId: number, secret: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repo.insertResetToken(tx, {
    id: keyedHash(`reset:${token}`, secret),
    userId,
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
  });
  return token;
}

/**
 * POST /auth/mot-de-passe-oublie: a one-time link for each customer account whose customer has this
 * e-mail (none for an unknown address: the answer does not tell which), mailed through the outbox in
 * the transaction that stores the token's keyed hash (the token itself is in the mail only).
 * Administrators reset theirs with the command line.
 */
export async function requestPasswordReset(
  db: Database,
  email: string,
  secret: string,
  mail: MailQueue,
): Promise<void> {
  const codes = await customerCodesWithEmail(db, email);
  const accounts = await repo.findClientUsersOfCustomers(db, codes);
  await db.transaction(async (tx) => {
    await repo.deleteEndedResetTokens(tx);
    for (const account of accounts) {
      if ((await repo.countLiveResetTokens(tx, account.id)) >= LIVE_RESET_TOKENS_MAX) continue;
      const token = await newResetToken(tx, account.id, secret);
      await queuePasswordResetMail(tx, mail, {
        login: account.login,
        codeClient: account.customerCode!,
        token,
      });
    }
  });
  mail.wake();
}

/**
 * POST /auth/mot-de-passe-oublie/nouveau: sets the new password of the link's account, once. The link
 * is then used, the account's other links dropped and every session of the account ended.
 */
export async function resetPassword(
  db: Database,
  input: { token: string; password: string },
  secret: string,
): Promise<void> {
  const id = keyedHash(`reset:${input.token}`, secret);
  const found = await repo.findLiveResetToken(db, id);
  const user = found && (await repo.findUserById(db, found.userId));
  if (!user) throw badRequest(ACCOUNT_MESSAGES.resetInvalid);
  const problem = passwordProblem(input.password, user.login);
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // Locked and checked again: of two uses of one link, the second finds it used.
    if (!(await repo.findLiveResetToken(tx, id, { lock: true })))
      throw badRequest(ACCOUNT_MESSAGES.resetInvalid);
    await repo.setPasswordHash(tx, user.id, passwordHash);
    await repo.useResetToken(tx, id, user.id);
    await endUserSessions(tx, user.id);
  });
  sessionsEnded(db);
}

// ---------------------------------------------------------------- for the accounts module (Comptes)

/**
 * Creates the login `login` inside the caller's transaction with a password nobody knows (an invited
 * account chooses its own); undefined when the login is taken.
 */
export async function createInvitedUser(
  tx: DbOrTx,
  input: { login: string; role: Role; codeClient: string | null },
): Promise<SessionUser | undefined> {
  const row = await repo.insertUserIfNew(tx, {
    login: input.login,
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    role: input.role,
    customerCode: input.codeClient,
  });
  return row && { id: row.id, login: row.login, role: row.role, codeClient: row.customerCode };
}

/** Sets the password hash (hashPassword) of user `id` inside the caller's transaction and ends its sessions. */
export async function setUserPassword(tx: DbOrTx, id: number, passwordHash: string): Promise<void> {
  await repo.setPasswordHash(tx, id, passwordHash);
  await endUserSessions(tx, id);
}

/** Deletes the login `id` (its sessions, carts and links go with it) inside the caller's transaction. */
export const deleteUser = (tx: DbOrTx, id: number): Promise<boolean> => repo.deleteUser(tx, id);
