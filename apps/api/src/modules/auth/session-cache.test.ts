// A checked session is kept in the answer cache for up to a minute (sessions/sessions.ts, userForToken): a
// session ended on this process is refused at once; one ended elsewhere (another instance, psql) as
// soon as the commit's notification arrives; one past its expiry is never used.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sessions, users } from '@comptoir/db/schema';
import {
  buildTestApp,
  createAdmin,
  loginAs,
  untilChangesHeard,
  writeSilently,
  type App,
  type SessionHeaders,
} from '../../test/helpers';
import { SESSION_COOKIE } from '../../sessions/cookies';
import { sessionId } from '../../sessions/sessions';
import { keptSessionClock } from '../../sessions/sessions.kept';
import { changePassword } from './auth.service';

/** The login GET /auth/me names, or null for a visitor. */
async function loginOf(app: App, headers: SessionHeaders): Promise<string | null> {
  const response = await app.inject({ url: '/auth/me', headers });
  expect(response.statusCode).toBe(200);
  const me = response.json() as { connecte?: false; login?: string };
  return me.login ?? null;
}

/** Deletes the session without telling anyone: what a kept session would go on accepting. */
async function deleteSilently(app: App, headers: SessionHeaders) {
  const token = headers.cookie.slice(`${SESSION_COOKIE}=`.length);
  await writeSilently(app, 'sessions', (tx) =>
    tx.delete(sessions).where(eq(sessions.id, sessionId(token, app.config.sessionSecret))),
  );
}

describe('kept sessions', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ answerCache: true });
  });
  afterAll(() => app.close());

  it('keeps a checked session: its next requests do not read it again', async () => {
    const admin = await createAdmin(app);
    const headers = await loginAs(app, admin);
    await untilChangesHeard(app);
    expect(await loginOf(app, headers)).toBe(admin.login);
    await deleteSilently(app, headers);
    expect(await loginOf(app, headers)).toBe(admin.login); // kept: nothing said a session ended
  });

  it('refuses at once a session logged out on this process', async () => {
    const admin = await createAdmin(app);
    const headers = await loginAs(app, admin);
    expect(await loginOf(app, headers)).toBe(admin.login);
    const logout = await app.inject({ method: 'POST', url: '/auth/logout', headers });
    expect(logout.statusCode).toBe(204);
    expect(await loginOf(app, headers)).toBeNull();
  });

  it('refuses at once the sessions of a password changed on this process', async () => {
    const admin = await createAdmin(app);
    const headers = await loginAs(app, admin);
    expect(await loginOf(app, headers)).toBe(admin.login);
    await changePassword(app.db, admin.login, 'un-autre-mot-de-passe');
    expect(await loginOf(app, headers)).toBeNull();
  });

  it('refuses a session deleted elsewhere once the database says so', async () => {
    const admin = await createAdmin(app);
    const headers = await loginAs(app, admin);
    expect(await loginOf(app, headers)).toBe(admin.login);
    // As psql or another instance would: not through this process's services.
    await app.db.delete(sessions).where(eq(sessions.userId, admin.id));
    await expect.poll(() => loginOf(app, headers), { timeout: 2000, interval: 20 }).toBeNull();
  });

  it('sees an account changed elsewhere once the database says so', async () => {
    const admin = await createAdmin(app);
    const headers = await loginAs(app, admin);
    expect(await loginOf(app, headers)).toBe(admin.login);
    const renamed = `${admin.login}-renomme`;
    await app.db.update(users).set({ login: renamed }).where(eq(users.id, admin.id));
    await expect.poll(() => loginOf(app, headers), { timeout: 2000, interval: 20 }).toBe(renamed);
  });

  it('never uses a kept session past its expiry', async () => {
    const admin = await createAdmin(app);
    const token = randomBytes(32).toString('base64url');
    const id = sessionId(token, app.config.sessionSecret);
    // Expiring well within the cache's minute: its expiry, not the minute, bounds how long it is kept.
    await app.db.insert(sessions).values({ id, userId: admin.id, expiresAt: new Date(Date.now() + 20_000) });
    const headers = { cookie: `${SESSION_COOKIE}=${token}` };
    expect(await loginOf(app, headers)).toBe(admin.login);
    // Expired in the database (no notification: an update of a session says nothing to the caches).
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    expect(await loginOf(app, headers)).toBe(admin.login); // still kept: its expiry is 20 s away
    const realNow = keptSessionClock.now;
    // 21 s later on the kept sessions' clock, without waiting for them.
    keptSessionClock.now = () => realNow() + 21_000;
    try {
      expect(await loginOf(app, headers)).toBeNull();
    } finally {
      keptSessionClock.now = realNow;
    }
  });
});
