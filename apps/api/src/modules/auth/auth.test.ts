import { eq, sql } from 'drizzle-orm';
import { loginAttempts, loginEvents, sessions } from '@comptoir/db/schema';
import { AUTH_MESSAGES, NO_SESSION, meAnswer, sessionUser } from '@comptoir/shared/auth';
import { buildApp } from '../../app';
import { runUserCommand } from '../../cli/user';
import { SESSION_COOKIE } from '../../sessions/cookies';
import { clientAddressKey } from './auth.service';
import { buildTestApp, createAdmin, createCustomerUser, loginAs, type App } from '../../test/helpers';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const login = (body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/auth/login', payload: body as object, headers });

/** A login attempt from `ip`, on `on` (another instance) or the test app. */
const attempt = (body: { login: string; password: string }, ip: string, on: App = app) =>
  on.inject({ method: 'POST', url: '/auth/login', payload: body, remoteAddress: ip });

/** Whether GET /auth/me, always a 200, names an account (a visitor gets { connecte: false }). */
const loggedIn = async (request: { headers?: Record<string, string>; cookies?: Record<string, string> }) => {
  const response = await app.inject({ url: '/auth/me', ...request });
  expect(response.statusCode).toBe(200);
  return sessionUser(meAnswer.parse(response.json())) !== null;
};

function sessionCookie(response: Awaited<ReturnType<typeof login>>) {
  return response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
}

describe('POST /auth/login', () => {
  it('opens a session with an httpOnly, SameSite=Lax cookie and answers me', async () => {
    const admin = await createAdmin(app);
    const response = await login({ login: admin.login, password: admin.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ login: admin.login, role: 'admin', codeClient: null });
    const cookie = sessionCookie(response)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy(); // plain http in tests; COOKIE_SECURE=auto follows the protocol
    expect(cookie.maxAge).toBe(30 * 24 * 3600);
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    // The database keeps a hash, never the token itself.
    const stored = await app.db.select().from(sessions);
    expect(stored.map((s) => s.id)).not.toContain(cookie.value);

    const me = await app.inject({ url: '/auth/me', cookies: { [SESSION_COOKIE]: cookie.value } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ login: admin.login, role: 'admin', codeClient: null });
  });

  it('records a login event for a customer, not for an administrator', async () => {
    const customer = await createCustomerUser(app);
    const response = await login({ login: customer.login, password: customer.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      login: customer.login,
      role: 'client',
      codeClient: customer.codeClient,
    });
    const events = await app.db.select().from(loginEvents).where(eq(loginEvents.userId, customer.id));
    expect(events).toHaveLength(1);
    expect(events[0]!.customerCode).toBe(customer.codeClient);
  });

  it('refuses a wrong password and an unknown login with the same message', async () => {
    const admin = await createAdmin(app);
    const wrong = await login({ login: admin.login, password: 'pas-le-bon' });
    const unknown = await login({ login: 'personne', password: 'pas-le-bon' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.badCredentials });
      expect(sessionCookie(response)).toBeUndefined();
    }
  });

  it('names the missing field', async () => {
    const response = await login({ login: 'admin' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Champ « password » invalide : valeur obligatoire',
      details: [{ champ: 'password', message: 'valeur obligatoire' }],
    });
    const empty = await login({ login: '', password: 'x' });
    expect(empty.json().message).toBe('Champ « login » invalide : identifiant obligatoire');
  });

  it('is rate-limited per address and login after 10 attempts a minute', async () => {
    const admin = await createAdmin(app);
    const attempt = (ip: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { login: admin.login, password: 'faux' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 10; i++) expect((await attempt('10.0.0.1')).statusCode).toBe(401);
    const blocked = await attempt('10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });
    expect(blocked.headers['retry-after']).toBeDefined();
    // Even the right password waits; another address is not affected.
    const right = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { login: admin.login, password: admin.password },
      remoteAddress: '10.0.0.1',
    });
    expect(right.statusCode).toBe(429);
    expect((await attempt('10.0.0.2')).statusCode).toBe(401);
  });

  it('refuses a login posted from another site', async () => {
    const admin = await createAdmin(app);
    const response = await login(
      { login: admin.login, password: admin.password },
      { origin: 'https://evil.example', host: 'comptoir.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.foreignOrigin });
  });
});

describe('GET /auth/me', () => {
  it('answers 200 { connecte: false } without a session or with an unknown one', async () => {
    for (const cookies of [{}, { [SESSION_COOKIE]: 'inconnu' }] as Record<string, string>[]) {
      const response = await app.inject({ url: '/auth/me', cookies });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(NO_SESSION);
      expect(meAnswer.parse(response.json())).toEqual({ connecte: false });
    }
  });

  it('answers the customer with its customer code', async () => {
    const customer = await createCustomerUser(app);
    const response = await app.inject({ url: '/auth/me', headers: await loginAs(app, customer) });
    expect(response.json()).toEqual({
      login: customer.login,
      role: 'client',
      codeClient: customer.codeClient,
    });
  });

  it('refuses an expired session', async () => {
    const admin = await createAdmin(app);
    const headers = await loginAs(app, admin);
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, admin.id));
    expect(await loggedIn({ headers })).toBe(false);
  });
});

describe('POST /auth/logout', () => {
  it('deletes the session and clears the cookie', async () => {
    const admin = await createAdmin(app);
    const headers = await loginAs(app, admin);
    const response = await app.inject({ method: 'POST', url: '/auth/logout', headers });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const cleared = sessionCookie(response)!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, admin.id))).toEqual([]);
    expect(await loggedIn({ headers })).toBe(false);
  });

  it('answers 204 without a session too', async () => {
    expect((await app.inject({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(204);
  });
});

describe('writes from another site', () => {
  it('are refused with a session, same-site writes pass', async () => {
    const admin = await createAdmin(app);
    const headers = { ...(await loginAs(app, admin)), host: 'comptoir.example' };
    const foreign = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { ...headers, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: AUTH_MESSAGES.foreignOrigin });
    expect((await app.inject({ url: '/auth/me', headers })).statusCode).toBe(200);
    const same = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { ...headers, origin: 'http://comptoir.example' },
    });
    expect(same.statusCode).toBe(204);
  });
});

describe('session lifetime', () => {
  const lastSeen = async (userId: number) =>
    (await app.db.select().from(sessions).where(eq(sessions.userId, userId)))[0]!.lastSeenAt;
  const setLastSeen = (userId: number, ago: string) =>
    app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - ${ago}::interval` })
      .where(eq(sessions.userId, userId));

  it('ends every session of the account when its password changes (npm run user -- passwd)', async () => {
    const admin = await createAdmin(app);
    const customer = await createCustomerUser(app);
    const sessionsOfAdmin = [await loginAs(app, admin), await loginAs(app, admin)];
    const sessionOfCustomer = await loginAs(app, customer);
    await runUserCommand(
      app.db,
      ['passwd', '--login', admin.login, '--password', 'nouveau-secret'],
      () => {},
    );
    for (const headers of sessionsOfAdmin) expect(await loggedIn({ headers: headers })).toBe(false);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, admin.id))).toEqual([]);
    expect(await loggedIn({ headers: sessionOfCustomer })).toBe(true);
    const relogin = await attempt({ login: admin.login, password: 'nouveau-secret' }, '10.5.0.1');
    expect(relogin.statusCode).toBe(200);
  });

  it('ends a session after 8 hours without a request', async () => {
    const admin = await createAdmin(app);
    const headers = await loginAs(app, admin);
    await setLastSeen(admin.id, '8 hours 1 minute');
    expect(await loggedIn({ headers: headers })).toBe(false);
  });

  it('keeps an active session alive, writing its last request at most once a minute', async () => {
    const admin = await createAdmin(app);
    const headers = await loginAs(app, admin);
    await setLastSeen(admin.id, '7 hours 59 minutes');
    expect(await loggedIn({ headers: headers })).toBe(true);
    const refreshed = await lastSeen(admin.id);
    expect(Date.now() - refreshed.getTime()).toBeLessThan(60_000);

    await setLastSeen(admin.id, '30 seconds');
    const recent = await lastSeen(admin.id);
    expect(await loggedIn({ headers: headers })).toBe(true);
    expect(await lastSeen(admin.id)).toEqual(recent);
  });

  it('keeps the 30-day absolute limit however active the session is', async () => {
    const admin = await createAdmin(app);
    const headers = await loginAs(app, admin);
    await app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'`, lastSeenAt: sql`now()` })
      .where(eq(sessions.userId, admin.id));
    expect(await loggedIn({ headers: headers })).toBe(false);
  });
});

describe('login limits', () => {
  const wrong = (login: string) => ({ login, password: 'pas-le-bon' });

  it('refuses logins sprayed from one address after 20 a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await attempt(wrong(`essai-${i}`), '10.1.0.1')).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
    const blocked = await attempt(wrong('essai-x'), '10.1.0.1');
    expect(blocked.json()).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await attempt(wrong('essai-x'), '10.1.0.2')).statusCode).toBe(401);
  });

  it('counts an IPv6 client by its /64', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await attempt(wrong(`v6-${i}`), `2001:db8:0:1::${i.toString(16)}`)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect((await attempt(wrong('v6-x'), '2001:db8:0:2::1')).statusCode).toBe(401);
  });

  it('slows one login guessed from many addresses past 30 a minute, never refusing a fresh address', async () => {
    const admin = await createAdmin(app);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await attempt(wrong(admin.login), `10.2.0.${i}`)).statusCode);
    expect(statuses).toEqual(Array(31).fill(401));
    // Under attack, an address that failed on the account gets 3 tries instead of 10.
    const again = [];
    for (let i = 0; i < 3; i++) again.push((await attempt(wrong(admin.login), '10.2.0.0')).statusCode);
    expect(again).toEqual([401, 401, 429]);
    const right = await attempt({ login: admin.login, password: admin.password }, '10.2.1.1');
    expect(right.statusCode).toBe(200);
  });

  it('does not count successful logins', async () => {
    const admin = await createAdmin(app);
    for (let i = 0; i < 25; i++) {
      const response = await attempt({ login: admin.login, password: admin.password }, '10.3.0.1');
      expect(response.statusCode).toBe(200);
    }
    expect((await attempt(wrong(admin.login), '10.3.0.1')).statusCode).toBe(401);
  });

  it('counts the attempts of every instance sharing the database', async () => {
    const other = await buildApp({ config: app.config, db: app.db, logger: false });
    try {
      const admin = await createAdmin(app);
      for (let i = 0; i < 10; i++) {
        const response = await attempt(wrong(admin.login), '10.4.0.1', i % 2 ? other : app);
        expect(response.statusCode).toBe(401);
      }
      expect((await attempt(wrong(admin.login), '10.4.0.1', other)).statusCode).toBe(429);
      expect((await attempt(wrong(admin.login), '10.4.0.1', app)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('keeps neither logins nor addresses in the database, and forgets ended windows', async () => {
    await attempt(wrong('trace-login'), '10.6.0.1');
    const rows = await app.db.select().from(loginAttempts);
    expect(JSON.stringify(rows)).not.toMatch(/trace-login|10\.6\.0\.1/);
    await app.db.update(loginAttempts).set({ windowStart: sql`now() - interval '2 minutes'` });
    await attempt(wrong('trace-login'), '10.6.0.1');
    const after = await app.db.select().from(loginAttempts);
    expect(after).toHaveLength(3);
    expect(after.every((row) => row.count === 1)).toBe(true);
  });
});

describe('clientAddressKey', () => {
  it('keeps an IPv4 address and the /64 of an IPv6 one', () => {
    expect(clientAddressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(clientAddressKey('2001:0DB8:0000:0001:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });
});
