// Nobody locks a customer out: failures from other addresses never refuse the right password from an
// address that has not failed, nor from a browser that logged in before (its device cookie); the
// attacking addresses are slowed, then refused. And a new login ends the session the browser held.
import { AUTH_MESSAGES } from '@comptoir/shared/auth';
import { DEVICE_COOKIE, SESSION_COOKIE } from '../../sessions/cookies';
import { buildTestApp, createAdmin, createCustomerUser, type App } from '../../test/helpers';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

type Reply = Awaited<ReturnType<App['inject']>>;

const post = (
  { login, password }: { login: string; password: string },
  ip: string,
  cookies: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { login, password },
    remoteAddress: ip,
    cookies,
  });

const cookieOf = (reply: Reply, name: string) => reply.cookies.find((cookie) => cookie.name === name)?.value;

/** Statuses of `count` wrong passwords for `login`, the i-th from `ip(i)`. */
async function failures(login: string, count: number, ip: (i: number) => string): Promise<number[]> {
  const statuses = [];
  for (let i = 0; i < count; i++)
    statuses.push((await post({ login, password: 'pas-le-bon' }, ip(i))).statusCode);
  return statuses;
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>(
    (acc, status) => ({ ...acc, [status]: (acc[status] ?? 0) + 1 }),
    {},
  );

describe.each([
  ['a customer', (login: string) => createCustomerUser(app, undefined, { login })],
  ['an administrator', (login: string) => createAdmin(app, { login })],
] as const)('the login of %s under attack', (who, create) => {
  const net = who === 'a customer' ? 21 : 22;

  it('lets the right password in from a fresh address after 26 failures from other addresses', async () => {
    const user = await create(`cible-${net}`);
    expect(await failures(user.login, 26, (i) => `10.${net}.0.${i + 1}`)).toEqual(Array(26).fill(401));
    expect((await post(user, `10.${net}.9.1`)).statusCode).toBe(200);
  });

  it('still lets it in past 30 failures, while the attacking addresses are slowed then refused', async () => {
    const user = await create(`cible-${net}-b`);
    // 40 addresses fail once each: the account is under attack, none of them refused yet.
    expect(await failures(user.login, 40, (i) => `10.${net}.1.${i + 1}`)).toEqual(Array(40).fill(401));
    // An attacking address gets 3 tries in all while the account is under attack, then 429.
    const attacker = await failures(user.login, 3, () => `10.${net}.1.1`);
    expect(attacker).toEqual([401, 401, 429]);
    // Another address that keeps guessing: slowed to 3 tries, then refused.
    const alone = await failures(user.login, 12, () => `10.${net}.2.1`);
    expect(tally(alone)).toEqual({ 401: 3, 429: 9 });
    const refused = await post({ login: user.login, password: 'pas-le-bon' }, `10.${net}.2.1`);
    expect(refused.json()).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The right password from an address that did not fail: in.
    expect((await post(user, `10.${net}.9.2`)).statusCode).toBe(200);
  });

  it('lets a browser that logged in before through even while others got its address refused', async () => {
    const user = await create(`cible-${net}-c`);
    const first = await post(user, `10.${net}.3.1`);
    expect(first.statusCode).toBe(200);
    const device = cookieOf(first, DEVICE_COOKIE)!;
    expect(device).toBeTruthy();
    expect(first.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)).toMatchObject({
      httpOnly: true,
      path: '/auth/login',
    });
    // Someone else behind the same address guesses the account, then sprays logins: refused.
    const guessed = await failures(user.login, 11, () => `10.${net}.3.1`);
    expect(guessed.at(-1)).toBe(429);
    expect((await post(user, `10.${net}.3.1`)).statusCode).toBe(429);
    // The browser with its device cookie: in.
    expect((await post(user, `10.${net}.3.1`, { [DEVICE_COOKIE]: device })).statusCode).toBe(200);
    // A forged or another account's device cookie buys nothing.
    expect((await post(user, `10.${net}.3.1`, { [DEVICE_COOKIE]: `${device}x` })).statusCode).toBe(429);
  });
});

it('counts a device cookie for its own account only, and limits its failures too', async () => {
  const owner = await createCustomerUser(app, undefined, { login: 'appareil-a' });
  const other = await createCustomerUser(app, undefined, { login: 'appareil-b' });
  const device = cookieOf(await post(owner, '10.30.0.1'), DEVICE_COOKIE)!;
  await failures(other.login, 11, () => '10.30.0.1');
  expect((await post(other, '10.30.0.1', { [DEVICE_COOKIE]: device })).statusCode).toBe(429);
  // The device's own failures on its account are limited to 10 a minute.
  const statuses = [];
  for (let i = 0; i < 11; i++)
    statuses.push(
      (
        await post({ login: owner.login, password: 'pas-le-bon' }, `10.30.1.${i}`, {
          [DEVICE_COOKIE]: device,
        })
      ).statusCode,
    );
  expect(statuses).toEqual([...Array(10).fill(401), 429]);
});

describe('a new login', () => {
  it('ends the session the browser held, of another account or of the same', async () => {
    const pro = await createCustomerUser(app, undefined, { login: 'session-pro' });
    const particulier = await createCustomerUser(app, undefined, { login: 'session-part' });
    const first = cookieOf(await post(pro, '10.31.0.1'), SESSION_COOKIE)!;
    const me = (token: string) =>
      app.inject({ url: '/rest/compte/mouvements', cookies: { [SESSION_COOKIE]: token } });
    expect((await me(first)).statusCode).toBe(200);
    const second = await post(particulier, '10.31.0.1', { [SESSION_COOKIE]: first });
    expect(second.statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    const secondToken = cookieOf(second, SESSION_COOKIE)!;
    expect((await me(secondToken)).statusCode).toBe(200);
    const third = await post(particulier, '10.31.0.1', { [SESSION_COOKIE]: secondToken });
    expect((await me(secondToken)).statusCode).toBe(401);
    expect((await me(cookieOf(third, SESSION_COOKIE)!)).statusCode).toBe(200);
  });

  it('keeps the session when the login fails', async () => {
    const user = await createCustomerUser(app, undefined, { login: 'session-garde' });
    const token = cookieOf(await post(user, '10.32.0.1'), SESSION_COOKIE)!;
    const failed = await post({ login: user.login, password: 'pas-le-bon' }, '10.32.0.1', {
      [SESSION_COOKIE]: token,
    });
    expect(failed.statusCode).toBe(401);
    const reply = await app.inject({ url: '/rest/compte/mouvements', cookies: { [SESSION_COOKIE]: token } });
    expect(reply.statusCode).toBe(200);
  });
});
