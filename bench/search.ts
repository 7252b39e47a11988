// Search-as-you-type under load (npm run bench -w @comptoir/bench -- search): the real compiled server
// (a separate process) on the demo data grown to --articles active articles (each demo article copied
// under new codes), on PostgreSQL and on PGlite. Measured from this process over loopback:
// - at 1 connection, requests one after the other: p50 / p95 / p99 of each text;
// - at 50 connections (autocannon): req/s, p50 / p99, errors; beside GET /healthz as the same run's ceiling;
// - the first search after the articles changed (the in-memory index is rebuilt), and the server's RSS.
// Writes bench/results/search-{date}.md and .json. The machine is shared: compare runs, not absolutes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import prettier from 'prettier';
import { openDatabase, queryRows } from '@comptoir/db/client';
import { spawnServerProcess, type ServerProcess } from '../apps/api/src/test/server-process';

export const SEARCH_TEXTS = ['vis', 'plaque de plâtre', 'ciment 35', 'cimment', 'plaqe de pltre', 'CIM'];

export interface SearchBenchOptions {
  database: 'pglite' | 'postgres';
  postgresUrl: string;
  articles: number;
  seconds: number;
  resultsDir: string;
  log: (line: string) => void;
}

interface TextFigures {
  text: string;
  total: number;
  one: { p50: number; p95: number; p99: number; requests: number };
  fifty: { reqPerSec: number; p50: number; p99: number; errors: number; non2xx: number };
}

export interface SearchBenchResult {
  database: string;
  articles: number;
  /** The machine's load average (1 min) when the measures started and ended: a shared machine's noise. */
  load: { start: number; end: number };
  firstSearchMs: number;
  healthz: { reqPerSec: number };
  texts: TextFigures[];
  rssMb: number;
}

const BENCH_DB = 'comptoir_bench_search';

const round1 = (value: number) => Math.round(value * 10) / 10;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Requests one after the other for `seconds` (at least 50): latencies in ms. */
async function sequential(url: string, seconds: number) {
  const times: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end || times.length < 50) {
    const start = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} → ${response.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    requests: times.length,
  };
}

function cannon(url: string, seconds: number) {
  return new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url, connections: 50, duration: seconds }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Copies every demo article under new codes until the catalogue holds `target` active articles. */
async function growCatalogue(env: { databaseUrl?: string; dataDir?: string }, target: number) {
  const handle = await openDatabase(env);
  try {
    const [row] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from articles`);
    const base = Number(row?.n ?? 0);
    const copies = Math.max(0, Math.ceil(target / Math.max(1, base)) - 1);
    if (copies === 0) return base;
    const columns = await queryRows<{ name: string }>(
      handle.db,
      sql`select column_name as name from information_schema.columns
          where table_name = 'articles' and table_schema = current_schema() and column_name <> 'code'
          order by ordinal_position`,
    );
    const list = sql.raw(columns.map((column) => `"${column.name}"`).join(', '));
    await handle.db.execute(
      sql`insert into articles (code, ${list})
          select a.code || '-' || k, ${sql.raw(columns.map((column) => `a."${column.name}"`).join(', '))}
          from articles a, generate_series(1, ${copies}) k
          where a.code not like '%-%'
          on conflict do nothing`,
    );
    const [after] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from articles where active`,
    );
    return Number(after?.n ?? 0);
  } finally {
    await handle.close();
  }
}

async function startServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const server = await spawnServerProcess({ env, compiled: true, stdio: 'pipe', keepOutput: false });
  await server.ready(900_000);
  return server;
}

export async function runSearchBenchmark(options: SearchBenchOptions): Promise<SearchBenchResult> {
  const { log } = options;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-search-'));
  let databaseUrl: string | undefined;
  if (options.database === 'postgres') {
    const admin = new pg.Client({ connectionString: options.postgresUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.query(`create database ${BENCH_DB}`);
    await admin.end();
    const url = new URL(options.postgresUrl);
    url.pathname = `/${BENCH_DB}`;
    databaseUrl = url.toString();
  }
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DEMO_DATA: '1',
    ADMIN_PASSWORD: 'bench-search-mot-de-passe',
    LOG_LEVEL: 'warn',
  };
  try {
    log(`${options.database} : données de démonstration…`);
    const first = await startServer(env);
    await first.stop();
    const articles = await growCatalogue(
      databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir, 'db') },
      options.articles,
    );
    log(`${options.database} : ${articles} articles actifs`);

    const server = await startServer(env);
    const loadStart = os.loadavg()[0]!;
    try {
      const started = performance.now();
      const warm = await fetch(`${server.baseURL}/rest/recherche/vis`);
      await warm.arrayBuffer();
      const firstSearchMs = Math.round(performance.now() - started);
      const healthz = await cannon(`${server.baseURL}/healthz`, options.seconds);
      const texts: TextFigures[] = [];
      for (const text of SEARCH_TEXTS) {
        const url = `${server.baseURL}/rest/recherche/${encodeURIComponent(text)}`;
        const total = ((await (await fetch(url)).json()) as { totalResults: number }).totalResults;
        const one = await sequential(url, options.seconds);
        const fifty = await cannon(url, options.seconds);
        texts.push({
          text,
          total,
          one,
          fifty: {
            reqPerSec: Math.round(fifty.requests.average),
            p50: fifty.latency.p50,
            p99: fifty.latency.p99,
            errors: fifty.errors + fifty.timeouts,
            non2xx: fifty.non2xx,
          },
        });
        log(
          `  « ${text} » (${total}) : 1 connexion p50 ${one.p50} ms, p95 ${one.p95} ms ; 50 connexions ${Math.round(fifty.requests.average)} req/s, p99 ${fifty.latency.p99} ms`,
        );
      }
      return {
        database: options.database,
        articles,
        load: { start: round1(loadStart), end: round1(os.loadavg()[0]!) },
        firstSearchMs,
        healthz: { reqPerSec: Math.round(healthz.requests.average) },
        texts,
        rssMb: rssMb(server.child.pid!),
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (options.database === 'postgres') {
      const admin = new pg.Client({ connectionString: options.postgresUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
      await admin.end();
    }
  }
}

/** Writes search-{date}[-{label}].md and .json in `resultsDir`; answers the .md's path. */
export async function writeSearchResults(
  resultsDir: string,
  results: SearchBenchResult[],
  label?: string,
): Promise<string> {
  const day = new Date().toISOString().slice(0, 10);
  const base = path.join(resultsDir, `search-${day}${label ? `-${label}` : ''}`);
  const lines = [
    `# Recherche à la volée — ${new Date().toISOString()}`,
    '',
    `Machine : ${os.cpus().length} cœurs, partagée avec d'autres travaux pendant la mesure (chiffres à comparer d'une exécution à l'autre).`,
    'Serveur compilé (processus séparé), mesures depuis un autre processus en boucle locale.',
    'Objectif : p95 ≤ 15 ms à 1 connexion, ≥ 1 000 req/s à 50 connexions, avec 100 000+ articles.',
    '',
  ];
  for (const result of results) {
    lines.push(
      `## ${result.database} — ${result.articles} articles actifs`,
      '',
      `Charge de la machine (moyenne sur 1 min, 2 cœurs) : ${result.load.start} au début des mesures, ${result.load.end} à la fin.`,
      '',
      `Première recherche après le changement des articles (index reconstruit) : ${result.firstSearchMs} ms. ` +
        `Plafond de la même exécution, GET /healthz à 50 connexions : ${result.healthz.reqPerSec} req/s. RSS du serveur à la fin : ${result.rssMb} Mo.`,
      '',
      '| texte | résultats | 1 conn. p50 ms | 1 conn. p95 ms | 1 conn. p99 ms | 50 conn. req/s | 50 conn. p50 ms | 50 conn. p99 ms | erreurs |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...result.texts.map(
        (t) =>
          `| ${t.text} | ${t.total} | ${t.one.p50} | ${t.one.p95} | ${t.one.p99} | ${t.fifty.reqPerSec} | ${t.fifty.p50} | ${t.fifty.p99} | ${t.fifty.errors + t.fifty.non2xx} |`,
      ),
      '',
    );
  }
  fs.mkdirSync(resultsDir, { recursive: true });
  // Formatted as the repository's prettier check wants it.
  const config = (await prettier.resolveConfig(`${base}.json`)) ?? {};
  fs.writeFileSync(`${base}.md`, await prettier.format(lines.join('\n'), { ...config, parser: 'markdown' }));
  fs.writeFileSync(
    `${base}.json`,
    await prettier.format(JSON.stringify(results), { ...config, parser: 'json' }),
  );
  return `${base}.md`;
}
