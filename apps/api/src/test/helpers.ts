// Test helpers for every API module. A test builds the real app on a fresh database and calls it
// with app.inject(); the factories (./factories) create the rows it needs; accounts and sessions
// come from here.
//
//   let app: App;
//   let admin: SessionHeaders;
//   beforeAll(async () => {
//     ({ app, headers: admin } = await buildAppAs('admin'));
//   });
//   afterAll(() => app.close());
//
//   it('lists the agencies', async () => {
//     await createAgency(app, { label: 'Nantes' });
//     const response = await app.inject({ url: '/service/agences', headers: admin });
//     expect(response.statusCode).toBe(200);
//   });
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { CHANGES_CHANNEL, type DatabaseHandle, type Transaction } from '@comptoir/db/client';
import { sessions, users } from '@comptoir/db/schema';
import { createTestDatabase } from '@comptoir/db/testing';
import type { Role } from '@comptoir/shared/auth';
import { buildApp, type App, type BuildAppOptions } from '../app';
import { parseConfig, prepareDataDir, type Config } from '../config';
import { SESSION_COOKIE, SESSION_DURATION_MS } from '../sessions/cookies';
import { sessionId } from '../sessions/sessions';
import { createCustomer, unique } from './factories';

export type { App } from '../app';

export interface TestAppOptions {
  config?: Partial<Config>;
  logger?: BuildAppOptions['logger'];
  /**
   * Caches the answers the server caches (menu, categories), dropped on the database's change
   * notifications, as in production. Off by default: a test that writes rows directly and reads at
   * once must not depend on when a notification arrives.
   */
  answerCache?: boolean;
  /** The card payment provider (by default the test provider, as the config says). */
  paymentProvider?: BuildAppOptions['paymentProvider'];
  /** How mails leave (BuildAppOptions.mailer); by default as the config says. */
  mailer?: BuildAppOptions['mailer'];
  /** The mail sender's clock (BuildAppOptions.mailClock). */
  mailClock?: BuildAppOptions['mailClock'];
  /**
   * An open database to serve on, as a second server or a restarted one does; its owner closes it.
   * By default a fresh one, closed with the app.
   */
  database?: DatabaseHandle;
}

/**
 * The real app on a fresh migrated database (PGlite in memory, or a new PostgreSQL database when
 * TEST_DATABASE_URL is set) and a temporary DATA_DIR; app.close() drops both. Not ready yet: a test
 * may still add routes before its first inject. The mail outbox is not polled (MAIL_POLL_SECONDS=0):
 * mails leave when queued, or when a test drains the outbox (app.mail.drain()).
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<App> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-api-test-'));
  const config = prepareDataDir({
    ...parseConfig({ DATA_DIR: dataDir, DEMO_DATA: '0', LOG_LEVEL: 'silent', MAIL_POLL_SECONDS: '0' }),
    webDist: path.join(dataDir, 'no-web-dist'),
    webRenderer: path.join(dataDir, 'no-web-renderer.js'),
    ...options.config,
  });
  const handle = options.database ?? (await createTestDatabase());
  const app = await buildApp({
    config,
    db: handle.db,
    logger: options.logger ?? false,
    ...(options.paymentProvider && { paymentProvider: options.paymentProvider }),
    ...(options.mailer && { mailer: options.mailer }),
    ...(options.mailClock && { mailClock: options.mailClock }),
    ...(options.answerCache && { listenForChanges: handle.listenForChanges }),
  });
  app.addHook('onClose', async () => {
    if (!options.database) await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

let markers = 0;

/**
 * Resolves once the app has heard every change committed before the call. The database sends its
 * notifications in commit order, so a marker sent now is heard after them. A test calls it before it
 * checks that an answer is kept: an answer loaded while an earlier change was still on its way would
 * be dropped when that change is heard.
 */
export async function untilChangesHeard(app: App, timeoutMs = 5000): Promise<void> {
  const marker = `test_marker_${process.pid}_${++markers}`;
  let loads = 0;
  const read = () => app.answerCache.remember(marker, [marker], async () => ++loads);
  await read();
  await app.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${marker})`);
  const deadline = Date.now() + timeoutMs;
  // Dropped (loaded again) once the marker is heard.
  while ((await read()) === 1) {
    if (Date.now() > deadline) throw new Error(`The change feed did not deliver ${marker}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Runs `write` in a transaction with `table`'s change notifications off (the triggers that call a
 * notify_…_change function): a write nobody is told of, which a kept answer goes on hiding.
 */
export async function writeSilently(
  app: App,
  table: string,
  write: (tx: Transaction) => Promise<unknown>,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    // Both drivers answer an execute with its rows.
    const { rows } = (await tx.execute(sql`
      select t.tgname as name from pg_trigger t join pg_proc p on p.oid = t.tgfoid
      where t.tgrelid = ${table}::regclass and p.proname like 'notify\_%\_change'`)) as unknown as {
      rows: { name: string }[];
    };
    const triggers = rows.map((row) => row.name);
    if (triggers.length === 0) throw new Error(`${table} has no change notification`);
    for (const name of triggers) await tx.execute(sql.raw(`alter table ${table} disable trigger ${name}`));
    await write(tx);
    for (const name of triggers) await tx.execute(sql.raw(`alter table ${table} enable trigger ${name}`));
  });
}

export interface TestUser {
  id: number;
  login: string;
  password: string;
  role: Role;
  codeClient: string | null;
}

const DEFAULT_PASSWORD = 'mot-de-passe-de-test';
let defaultHash: Promise<string> | undefined; // argon2 is slow on purpose: hash the usual password once

async function createUser(
  app: App,
  role: Role,
  codeClient: string | null,
  login?: string,
  password?: string,
) {
  const passwordHash = password ? await hash(password) : await (defaultHash ??= hash(DEFAULT_PASSWORD));
  const [row] = await app.db
    .insert(users)
    .values({
      login: login ?? unique(role === 'admin' ? 'admin-' : 'client-'),
      passwordHash,
      role,
      customerCode: codeClient,
    })
    .returning();
  return { id: row!.id, login: row!.login, password: password ?? DEFAULT_PASSWORD, role, codeClient };
}

/** An administrator account (password in .password). */
export function createAdmin(
  app: App,
  options: { login?: string; password?: string } = {},
): Promise<TestUser> {
  return createUser(app, 'admin', null, options.login, options.password);
}

/** A customer account of customer `code`, or of a new customer when no code is given. */
export async function createCustomerUser(
  app: App,
  code?: string,
  options: { login?: string; password?: string } = {},
): Promise<TestUser> {
  const codeClient = code ?? (await createCustomer(app)).code;
  return createUser(app, 'client', codeClient, options.login, options.password);
}

/**
 * The headers that carry a session: `app.inject({ url, headers })`. A type rather than an interface,
 * so that it fits inject's header record.
 */
export type SessionHeaders = { cookie: string };

/**
 * The headers of a logged-in request as `user`: `app.inject({ url, headers: await loginAs(app, user) })`.
 * Opens the session directly (no argon2, no rate limit, no login event recorded).
 */
export async function loginAs(app: App, user: { id: number }): Promise<SessionHeaders> {
  const token = randomBytes(32).toString('base64url');
  await app.db.insert(sessions).values({
    id: sessionId(token, app.config.sessionSecret),
    userId: user.id,
    expiresAt: new Date(Date.now() + SESSION_DURATION_MS),
  });
  return { cookie: `${SESSION_COOKIE}=${token}` };
}

/**
 * A test app (see buildTestApp) and a logged-in account on it: an administrator, or a customer
 * account of a new customer. `headers` go with each request made as `user`.
 */
export async function buildAppAs(
  role: Role,
  options: TestAppOptions = {},
): Promise<{ app: App; user: TestUser; headers: SessionHeaders }> {
  const app = await buildTestApp(options);
  const user = role === 'admin' ? await createAdmin(app) : await createCustomerUser(app);
  return { app, user, headers: await loginAs(app, user) };
}
