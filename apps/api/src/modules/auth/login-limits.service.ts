// The login limits: attempts counted per address, per login and per address and login (and per
// known browser), in windows kept in the database so that every instance counts them together. The
// rule itself is packages/shared/src/login-limit.ts; auth.service re-exports these for other modules.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '@comptoir/db/client';
import { LOGIN_LIMITS, loginRetryAfter, type WindowCount } from '@comptoir/shared/login-limit';
import { HttpError } from '../../errors';
import { keyedHash } from '../../sessions/sessions';
import * as repo from './auth.repository';

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
 * The device cookie of a successful login of `login`: a random name signed with the account's login,
 * so that it tells nothing of the account and is worth nothing for another one.
 */
export function deviceToken(
  login: string,
  secret: string,
  name = randomBytes(16).toString('base64url'),
): string {
  return `${name}.${keyedHash(`appareil:${name}|${login.toLowerCase()}`, secret)}`;
}

/** The device's name when `token` is a device cookie of `login`, else null. */
export function deviceOf(token: string | undefined, login: string, secret: string): string | null {
  const name = token?.split('.')[0];
  if (!token || !name) return null;
  const expected = Buffer.from(deviceToken(login, secret, name));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? name : null;
}

/**
 * Counts a login attempt from `ip` for `login` before its password is checked; `device` is the
 * browser's device cookie, if any (see deviceOf). `scope` keeps other limited doors (the sign-up's)
 * in counts of their own, under the same limits. Whether it may go on is loginRetryAfter's rule.
 */
export async function countLoginAttempt(
  db: Database,
  attempt: { ip: string; login: string; device?: string },
  secret: string,
  scope: 'login' | 'signup' | 'reset' | 'password' = 'login',
): Promise<LoginAttempt> {
  const address = clientAddressKey(attempt.ip);
  const login = attempt.login.toLowerCase();
  const prefix = scope === 'login' ? '' : `${scope}:`;
  const device = scope === 'login' ? deviceOf(attempt.device, login, secret) : null;
  const named = {
    addressAndLogin: keyedHash(`${prefix}address+login:${address}|${login}`, secret),
    address: keyedHash(`${prefix}address:${address}`, secret),
    login: keyedHash(`${prefix}login:${login}`, secret),
    ...(device ? { device: keyedHash(`device:${device}|${login}`, secret) } : {}),
  };
  const keys = Object.values(named);
  await repo.deleteEndedLoginWindows(db, LOGIN_LIMITS.windowSeconds);
  const rows = new Map(
    (await repo.countLoginAttempt(db, keys, LOGIN_LIMITS.windowSeconds)).map((r) => [r.key, r]),
  );
  const count = (key: string): WindowCount =>
    rows.get(key) ?? { count: 1, secondsLeft: LOGIN_LIMITS.windowSeconds };
  return {
    keys,
    retryAfter: loginRetryAfter({
      addressAndLogin: count(named.addressAndLogin),
      address: count(named.address),
      login: count(named.login),
      ...(named.device ? { device: count(named.device) } : {}),
    }),
  };
}

/**
 * Counts an attempt (as countLoginAttempt) and refuses it beyond the limits: 429 with `message`, the
 * wait in `Retry-After`. Returns it, to forgive when it succeeds.
 */
export async function limitAttempt(
  db: Database,
  reply: { header: (name: string, value: number) => unknown },
  attempt: { ip: string; login: string; scope: 'reset' | 'password'; message: string },
  secret: string,
): Promise<LoginAttempt> {
  const counted = await countLoginAttempt(db, attempt, secret, attempt.scope);
  if (counted.retryAfter !== null) {
    reply.header('retry-after', counted.retryAfter);
    throw new HttpError(429, attempt.message);
  }
  return counted;
}

/** Takes back the attempt of a successful login: only failures use up the limits. */
export async function forgiveLoginAttempt(db: Database, attempt: LoginAttempt): Promise<void> {
  await repo.uncountLoginAttempt(db, attempt.keys);
}
