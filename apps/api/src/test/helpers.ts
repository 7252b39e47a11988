// Test helpers for every API module. A test builds the real app on a fresh database and calls it
// with app.inject(); factories create the rows it needs; loginAs gives the headers of a session.
//
//   let app: App;
//   beforeAll(async () => (app = await buildTestApp()));
//   afterAll(() => app.close());
//
//   it('lists the agencies', async () => {
//     const admin = await createAdmin(app);
//     const response = await app.inject({ url: '/service/agences', headers: await loginAs(app, admin) });
//     expect(response.statusCode).toBe(200);
//   });
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { agencies, customerTypes, customers, users } from '@comptoir/db/schema';
import { createTestDatabase } from '@comptoir/db/testing';
import type { Role } from '@comptoir/shared/auth';
import { buildApp, type App, type BuildAppOptions } from '../app';
import { parseConfig, prepareDataDir, type Config } from '../config';
import { SESSION_COOKIE, SESSION_DURATION_MS, sessionId } from '../modules/auth/auth.service';
import { insertSession } from '../modules/auth/auth.repository';

export type { App } from '../app';

/**
 * The real app on a fresh migrated database (PGlite in memory, or a new PostgreSQL database when
 * TEST_DATABASE_URL is set) and a temporary DATA_DIR; app.close() drops both. Not ready yet: a test
 * may still add routes before its first inject.
 */
export async function buildTestApp(
  options: { config?: Partial<Config>; logger?: BuildAppOptions['logger'] } = {},
): Promise<App> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-api-test-'));
  const config = prepareDataDir({
    ...parseConfig({ DATA_DIR: dataDir, DEMO_DATA: '0', LOG_LEVEL: 'silent' }),
    webDist: path.join(dataDir, 'no-web-dist'),
    ...options.config,
  });
  const handle = await createTestDatabase();
  const app = await buildApp({ config, db: handle.db, logger: options.logger ?? false });
  app.addHook('onClose', async () => {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

let sequence = 0;
/** A short code unique within the test run, e.g. unique('C') → 'C3a9f01'. */
export const unique = (prefix: string) =>
  `${prefix}${(++sequence).toString(36)}${randomBytes(2).toString('hex')}`;

export async function createAgency(app: App, values: Partial<typeof agencies.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(agencies)
    .values({ code: unique('A'), label: 'Agence de test', ...values })
    .returning();
  return row!;
}

export async function createCustomerType(app: App, values: Partial<typeof customerTypes.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(customerTypes)
    .values({ code: unique('T'), label: 'Type de test', ...values })
    .returning();
  return row!;
}

/** A customer; its agency and type are created unless given. */
export async function createCustomer(app: App, values: Partial<typeof customers.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(customers)
    .values({
      code: unique('C'),
      name: 'Client de test',
      isProfessional: true,
      ...values,
      typeCode: values.typeCode ?? (await createCustomerType(app)).code,
      agencyCode: values.agencyCode ?? (await createAgency(app)).code,
    })
    .returning();
  return row!;
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
 * The headers of a logged-in request as `user`: `app.inject({ url, headers: await loginAs(app, user) })`.
 * Opens the session directly (no argon2, no rate limit, no login event recorded).
 */
export async function loginAs(app: App, user: { id: number }): Promise<{ cookie: string }> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(app.db, {
    id: sessionId(token, app.config.sessionSecret),
    userId: user.id,
    expiresAt: new Date(Date.now() + SESSION_DURATION_MS),
  });
  return { cookie: `${SESSION_COOKIE}=${token}` };
}
