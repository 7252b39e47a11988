import { eq } from 'drizzle-orm';
import { loginEvents, sessions } from '@comptoir/db/schema';
import { AUTH_MESSAGES } from '@comptoir/shared/auth';
import { SESSION_COOKIE } from './auth.service';
import { buildTestApp, createAdmin, createCustomerUser, loginAs, type App } from '../../test/helpers';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const login = (body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/auth/login', payload: body as object, headers });

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
  it('answers 401 without a session or with an unknown one', async () => {
    for (const cookies of [{}, { [SESSION_COOKIE]: 'inconnu' }] as Record<string, string>[]) {
      const response = await app.inject({ url: '/auth/me', cookies });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.notLoggedIn });
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
    expect((await app.inject({ url: '/auth/me', headers })).statusCode).toBe(401);
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
    expect((await app.inject({ url: '/auth/me', headers })).statusCode).toBe(401);
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
