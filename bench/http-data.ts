// The HTTP benchmark's data sets and the server's variables for them. Without --scale, the server's
// own demo data (DEMO_DATA=1): PGlite in bench/.data/pglite (DATA_DIR), PostgreSQL in the database
// comptoir_bench_http of the local server. With --scale N, the demo generator at scale N
// (scale-data.ts): PostgreSQL in the database scale_bench_N_vV, PGlite in
// bench/.data/pglite-scale_bench_N_vV, a copy of it. Both are made once and reused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '@comptoir/db/client';
import {
  databaseUrl,
  preparePgliteScale,
  preparePostgresScale,
  scaleDatabaseName,
  scalePgliteDir,
} from './scale-data';
import { addCustomerAccount, adminQuery, startCompiledServer, type BenchDatabase } from './server';
import { round } from './stats';

export const ADMIN = { login: 'bench-admin', password: 'bench-admin-mot-de-passe' };
/** The demo's first professional customer: it has net prices and a family discount of its own. */
export const CUSTOMER = { login: 'bench-client', password: 'bench-client-mot-de-passe', code: 'C000001' };
const POSTGRES_DATABASE = 'comptoir_bench_http';
const PGLITE_DIR = path.join(import.meta.dirname, '.data/pglite');

/** Where a run's data set lives. */
export interface DataSet {
  postgresDatabase: string;
  pgliteDir: string;
  /** The server's demo data is loaded by the server itself; a scale data set is made beforehand. */
  serverDemoData: boolean;
}

export const dataSetOf = (scale: number | undefined): DataSet =>
  scale === undefined
    ? { postgresDatabase: POSTGRES_DATABASE, pgliteDir: PGLITE_DIR, serverDemoData: true }
    : { postgresDatabase: scaleDatabaseName(scale), pgliteDir: scalePgliteDir(scale), serverDemoData: false };

export function serverEnv(database: BenchDatabase, postgresUrl: string, data: DataSet): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DEMO_DATA: data.serverDemoData ? '1' : '0',
    ADMIN_LOGIN: ADMIN.login,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    // No polling of the ERP drop folder: its queries would be recorded with the routes'.
    IMPORT_POLL_MS: '0',
  };
  delete env.INIT_CWD;
  if (database === 'postgres') {
    env.DATABASE_URL = databaseUrl(postgresUrl, data.postgresDatabase);
    env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-files-'));
  } else {
    delete env.DATABASE_URL;
    env.DATA_DIR = data.pgliteDir;
  }
  return env;
}

const openFor = (database: BenchDatabase, env: NodeJS.ProcessEnv) =>
  openDatabase(
    database === 'postgres'
      ? { databaseUrl: env.DATABASE_URL! }
      : { dataDir: path.join(env.DATA_DIR!, 'db') },
  );

/** Whether the data set has the benchmark's customer account. */
async function hasCustomerAccount(database: BenchDatabase, env: NodeJS.ProcessEnv): Promise<boolean> {
  const handle = await openFor(database, env);
  try {
    const rows = await queryRows(handle.db, sql`select 1 from users where login = ${CUSTOMER.login}`);
    return rows.length > 0;
  } finally {
    await handle.close();
  }
}

/** Makes the data set when missing, and the customer account; returns the seconds it took, or null. */
export async function prepare(
  database: BenchDatabase,
  options: { postgresUrl: string; log: (line: string) => void; scale?: number },
): Promise<number | null> {
  const data = dataSetOf(options.scale);
  const env = serverEnv(database, options.postgresUrl, data);
  if (options.scale !== undefined) {
    // PGlite is a copy of the PostgreSQL data set (with its accounts): that one comes first.
    const seconds = await preparePostgresScale(options.postgresUrl, options.scale, options.log);
    const postgresEnv = serverEnv('postgres', options.postgresUrl, data);
    if (!(await hasCustomerAccount('postgres', postgresEnv))) await addCustomerAccount(CUSTOMER, postgresEnv);
    if (database === 'postgres') return seconds;
    const copied = await preparePgliteScale(options.postgresUrl, options.scale, options.log);
    // A copy made before the account was (by an earlier version of this bench) has none.
    if (!(await hasCustomerAccount('pglite', env))) await addCustomerAccount(CUSTOMER, env);
    return copied;
  }
  let fresh: boolean;
  if (database === 'postgres') {
    const client = new pg.Client({ connectionString: options.postgresUrl });
    await client.connect();
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      data.postgresDatabase,
    ]);
    await client.end();
    fresh = rowCount === 0;
    if (fresh) await adminQuery(options.postgresUrl, `create database ${data.postgresDatabase}`);
  } else {
    fresh = !fs.existsSync(data.pgliteDir);
    fs.mkdirSync(data.pgliteDir, { recursive: true });
  }
  if (!fresh) return null;
  options.log(`${database} : données de démonstration à créer (une fois)…`);
  const started = performance.now();
  const server = await startCompiledServer(env);
  await server.ready(600_000);
  await server.stop();
  // The customer account: role client, bound to the demo's first professional customer.
  await addCustomerAccount(CUSTOMER, env);
  return round((performance.now() - started) / 1000);
}

/** The PGlite demo data set of the benchmarks, made when missing; and the server's variables for it. */
export const preparePglite = (log: (line: string) => void) => prepare('pglite', { postgresUrl: '', log });
export const pgliteServerEnv = () => serverEnv('pglite', '', dataSetOf(undefined));

/** What the data set holds. */
export async function countRows(database: BenchDatabase, env: NodeJS.ProcessEnv) {
  const handle = await openFor(database, env);
  try {
    const [row] = await queryRows<{ articles: number; orders: number }>(
      handle.db,
      sql`select (select count(*) from articles)::int as articles, (select count(*) from orders)::int as orders`,
    );
    return row!;
  } finally {
    await handle.close();
  }
}
