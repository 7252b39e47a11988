// Databases for tests. By default a migrated in-memory PGlite, built once per test file and cloned
// for each caller; with TEST_DATABASE_URL, a fresh PostgreSQL database per caller, dropped on close.
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, openDatabase, type DatabaseHandle } from './client';

let template: Promise<DatabaseHandle> | undefined;

async function pgliteTemplate(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  return handle;
}

export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createServerDatabase(serverUrl);
  template ??= pgliteTemplate();
  const source = await template;
  const client = (source.db as unknown as { $client: PGlite }).$client;
  return fromPglite((await client.clone()) as PGlite);
}

async function createServerDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const name = `comptoir_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // The pool's sockets may still be closing: let them go before forcing the drop, or the
      // server's termination of a closing connection surfaces as an uncaught error in the test run.
      for (let attempt = 0; attempt < 50; attempt++) {
        const { rows } = await dropper.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
