// The benchmark-scale data set of `npm run bench -- http --scale N`: the demo generator at scale N
// (packages/db/src/demo; 170 makes 357 000 articles and about a million orders) loaded once into a
// PostgreSQL database of the local server, then copied as it is into a PGlite folder. Both are kept
// and reused: their names carry the scale and SCALE_DATA_VERSION, so a second run finds them, and a
// change of the generator's output (bump the version) makes new ones.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { fromPglite, openDatabase } from '@comptoir/db/client';
import { dropSecondaryIndexes } from '@comptoir/db/demo/bulk';
import { isDatabaseEmpty, loadDemoData } from '@comptoir/db/demo/load';

/** Bump when the demo generator's output changes: the next run builds new data sets. */
export const SCALE_DATA_VERSION = 1;

export const scaleDatabaseName = (scale: number) =>
  `scale_bench_${String(scale).replace('.', '_')}_v${SCALE_DATA_VERSION}`;
export const scalePgliteDir = (scale: number) =>
  path.join(import.meta.dirname, '.data', `pglite-${scaleDatabaseName(scale)}`);

const round = (value: number) => Math.round(value * 10) / 10;
/** Rows of one COPY into PGlite, as text: bounded, so that PGlite's memory holds one chunk at a time. */
const COPY_CHUNK_BYTES = 32 * 1024 * 1024;

/** The URL of `database` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Makes the PostgreSQL data set when missing or empty (a load that failed left it empty: it is one
 * transaction) and returns the seconds it took, or null when it was reused.
 */
export async function preparePostgresScale(
  serverUrl: string,
  scale: number,
  log: (line: string) => void,
): Promise<number | null> {
  const name = scaleDatabaseName(scale);
  const exists = await withClient(serverUrl, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await client.query(`create database ${name}`);
    return rowCount !== 0;
  });
  const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name) });
  try {
    await handle.migrate();
    if (exists && !(await isDatabaseEmpty(handle.db))) return null;
    log(`postgres : données à l'échelle ${scale} à créer dans ${name} (une fois)…`);
    const started = performance.now();
    await loadDemoData(handle.db, { scale, log });
    return round((performance.now() - started) / 1000);
  } finally {
    await handle.close();
  }
}

/**
 * Copies the PostgreSQL data set into a PGlite folder when missing: the same rows, table by table
 * (COPY out of PostgreSQL through psql, COPY into PGlite by chunks), triggers off (the derived tables
 * are copied too), secondary indexes dropped during the copy and rebuilt after, sequences set.
 * Returns the seconds it took, or null when the folder was complete already.
 */
export async function preparePgliteScale(
  serverUrl: string,
  scale: number,
  log: (line: string) => void,
): Promise<number | null> {
  const dir = scalePgliteDir(scale);
  const complete = path.join(dir, 'complete');
  if (fs.existsSync(complete)) return null;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const source = databaseUrl(serverUrl, scaleDatabaseName(scale));
  log(`pglite : copie de ${scaleDatabaseName(scale)} dans ${dir} (une fois)…`);
  const started = performance.now();
  const client = await PGlite.create(path.join(dir, 'db'), { extensions: { pg_trgm, unaccent } });
  const handle = fromPglite(client);
  try {
    await handle.migrate();
    const { tables, sequences } = await withClient(source, async (pgClient) => ({
      tables: (
        await pgClient.query<{ name: string; rows: string }>(
          `select c.relname as name, c.reltuples::bigint::text as rows from pg_class c
           where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace order by c.relname`,
        )
      ).rows,
      sequences: (
        await pgClient.query<{ name: string; value: string }>(
          `select sequencename as name, last_value::text as value from pg_sequences
           where schemaname = 'public' and last_value is not null`,
        )
      ).rows,
    }));
    // Triggers (and the foreign keys' checks, which are triggers) stay off for this session.
    await client.exec(`set session_replication_role = replica`);
    await client.exec(`truncate ${tables.map((t) => `"${t.name}"`).join(', ')}`);
    const indexes = await dropSecondaryIndexes(
      handle.db,
      tables.map((t) => t.name),
    );
    for (const table of tables) {
      const tableStarted = performance.now();
      const copied = await copyTable(source, client, table.name);
      log(`  ${table.name} : ${copied} lignes en ${round((performance.now() - tableStarted) / 1000)} s`);
    }
    for (const sequence of sequences)
      await client.query(`select setval('public."${sequence.name}"', ${Number(sequence.value)})`);
    await client.exec(`set maintenance_work_mem = '512MB'`);
    for (const definition of indexes) await handle.db.execute(definition);
    await client.exec(`set session_replication_role = origin`);
    // As the demo load ends: PGlite has no autovacuum, and the server's passes only analyze tables this
    // large, so the visibility map (index-only scans without heap fetches) is set here or never.
    await handle.db.execute(sql`vacuum analyze`);
  } finally {
    await handle.close();
  }
  fs.writeFileSync(complete, `${scaleDatabaseName(scale)}\n`);
  return round((performance.now() - started) / 1000);
}

/** COPY one table out of PostgreSQL (psql) and into PGlite, by chunks of whole lines. */
async function copyTable(source: string, target: PGlite, table: string): Promise<number> {
  const child = spawn('psql', [source, '-X', '-q', '-c', `copy public."${table}" to stdout`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let rows = 0;
  const send = async (data: Buffer) => {
    if (data.length === 0) return;
    const result = await target.query(`copy public."${table}" from '/dev/blob'`, [], {
      blob: new Blob([new Uint8Array(data)]),
    });
    rows += result.affectedRows ?? 0;
  };
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes < COPY_CHUNK_BYTES) continue;
    const data = Buffer.concat(pending);
    const cut = data.lastIndexOf(0x0a) + 1;
    await send(data.subarray(0, cut));
    pending = [data.subarray(cut)];
    pendingBytes = pending[0]!.length;
  }
  await send(Buffer.concat(pending));
  const code = await exited;
  if (code !== 0) throw new Error(`psql : copie de ${table} en échec (code ${code})`);
  return rows;
}
