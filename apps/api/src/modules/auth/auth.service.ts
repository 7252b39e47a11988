// Accounts, sessions and login limits. The cookie carries a random token; the database keeps only
// its keyed hash, so a copy of the sessions table does not open any session. Everything lives in the
// database, so that every instance sharing it sees the same sessions and the same attempt counts.
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
/** The absolute limit of a session, however active. */
export const SESSION_DURATION_MS = 30 * 24 * 3600 * 1000;
/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 8 * 3600 * 1000;
/** The last request of a session is written at most this often (not once per request). */
export const SESSION_REFRESH_MS = 60 * 1000;

const sessionLimits = { idleSeconds: SESSION_IDLE_MS / 1000, refreshSeconds: SESSION_REFRESH_MS / 1000 };

/**
 * Login attempts allowed per window, counted on every instance: per address and login (a guessed
 * password), per address (logins sprayed from one client) and per login (one account guessed from
 * many addresses). Successful logins are not counted. AUTH_MESSAGES.tooManyAttempts says the
 * window is a minute.
 */
export const LOGIN_LIMITS = {
  windowSeconds: 60,
  perAddressAndLogin: 10,
  perAddress: 20,
  perLogin: 30,
} as const;

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

const keyedHash = (value: string, secret: string) =>
  createHmac('sha256', secret).update(value).digest('base64url');

export function sessionId(token: string, secret: string): string {
  return keyedHash(token, secret);
}

/**
 * What the per-address limits count: an IPv4 address, or the /64 prefix of an IPv6 one (a single
 * client usually holds a whole /64).
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.replace(/%.*$/, '').toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  const groups = [...headGroups, ...zeros, ...tailGroups].slice(0, 4);
  return `${groups.map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}

export interface LoginAttempt {
  /** The keys it was counted under, to take it back when it succeeds. */
  keys: string[];
  /** Seconds to wait when a limit is reached, else null. */
  retryAfter: number | null;
}

/**
 * Counts a login attempt from `ip` for `login` before its password is checked. `scope` keeps other
 * limited doors (the sign-up's) in counts of their own, under the same limits.
 */
export async function countLoginAttempt(
  db: Database,
  attempt: { ip: string; login: string },
  secret: string,
  scope: 'login' | 'signup' = 'login',
): Promise<LoginAttempt> {
  const address = clientAddressKey(attempt.ip);
  const login = attempt.login.toLowerCase();
  const prefix = scope === 'login' ? '' : `${scope}:`;
  const limits = new Map([
    [keyedHash(`${prefix}address+login:${address}|${login}`, secret), LOGIN_LIMITS.perAddressAndLogin],
    [keyedHash(`${prefix}address:${address}`, secret), LOGIN_LIMITS.perAddress],
    [keyedHash(`${prefix}login:${login}`, secret), LOGIN_LIMITS.perLogin],
  ]);
  const keys = [...limits.keys()];
  await repo.deleteEndedLoginWindows(db, LOGIN_LIMITS.windowSeconds);
  const counts = await repo.countLoginAttempt(db, keys, LOGIN_LIMITS.windowSeconds);
  const exceeded = counts.filter((row) => row.count > limits.get(row.key)!);
  return {
    keys,
    retryAfter: exceeded.length ? Math.max(...exceeded.map((row) => row.secondsLeft)) : null,
  };
}

/** Takes back the attempt of a successful login: only failures use up the limits. */
export async function forgiveLoginAttempt(db: Database, attempt: LoginAttempt): Promise<void> {
  await repo.uncountLoginAttempt(db, attempt.keys);
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
    await repo.deleteExpiredSessions(tx, user.id, sessionLimits.idleSeconds);
    await repo.insertSession(tx, { id: sessionId(token, secret), userId: user.id, expiresAt });
    if (user.role === 'client' && user.codeClient) {
      await repo.insertLoginEvent(tx, { userId: user.id, customerCode: user.codeClient });
    }
  });
  return { token, expiresAt };
}

/** The user of a live session (neither expired nor idle too long); keeps it alive once a minute. */
export async function userForToken(db: Database, token: string, secret: string): Promise<SessionUser | null> {
  const id = sessionId(token, secret);
  const row = await repo.findSessionUser(db, id, sessionLimits);
  if (!row) return null;
  if (row.stale) await repo.touchSession(db, id);
  return { id: row.id, login: row.login, role: row.role, codeClient: row.codeClient };
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
    await repo.deleteUserSessions(tx, userId);
  });
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
