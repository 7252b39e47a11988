// The app on node-postgres (the local server, or TEST_DATABASE_URL):
// a request whose transaction loses its connection answers 500 and the server goes on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { MockInstance } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '@comptoir/db/client';
import { postgresServerUrl, terminateBackend } from '@comptoir/db/testing-postgres';
import { buildApp, type App } from '../app';
import { parseConfig, prepareDataDir } from '../config';

let handle: DatabaseHandle;
let app: App;
let dataDir: string;
let logged: MockInstance<typeof console.error>;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-api-pg-'));
  const config = prepareDataDir({
    ...parseConfig({ DATA_DIR: dataDir, DEMO_DATA: '0', LOG_LEVEL: 'silent' }),
    webDist: path.join(dataDir, 'no-web-dist'),
  });
  // The routes below only read: no scratch database needed, and only their own backend is ended.
  handle = await openDatabase({ databaseUrl: postgresServerUrl });
  app = await buildApp({ config, db: handle.db, logger: false });
  app.get('/test/cut-transaction', { config: { access: 'public' } }, async () => {
    await app.db.transaction(async (tx) => {
      const [row] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      await terminateBackend(row!.pid);
      // The client hears of it between two queries, while it is checked out of the pool.
      await vi.waitFor(() => expect(logged).toHaveBeenCalled(), { timeout: 10_000 });
      await tx.execute(sql`select 1`);
    });
    return 'not reached';
  });
});
afterAll(async () => {
  await app.close();
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('answers 500 when the connection of a transaction is cut, then serves the next request', async () => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const cut = await app.inject({ url: '/test/cut-transaction' });
    expect(cut.statusCode).toBe(500);
    expect(cut.json()).toEqual({ message: 'Erreur critique' });
  } finally {
    logged.mockRestore();
  }
  const next = await app.inject({ url: '/healthz' });
  expect(next.statusCode).toBe(200);
  expect(next.json()).toEqual({ status: 'ok' });
});
