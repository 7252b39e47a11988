// The HTTP benchmark: the real compiled server (as `npm start` runs it) in a process of its own, on
// PostgreSQL and on PGlite, loaded by autocannon from this process over loopback: the JSON routes one
// by one at 1 and 50 connections (as a visitor, a customer with prices of its own, or an
// administrator), then real traffic (http-traffic.ts: the storefront's pages kept and cold, searches
// that never repeat, a visitor's mix at 200 connections). Beside the figures, the ceilings of the same
// run: a bare Fastify answering a constant JSON (another process), and the SQL each route sends,
// recorded on the wire (sql-capture.ts) and replayed through a direct client. The data sets:
// http-data.ts; the results: http-report.ts.
//
//   npm run bench -- http [--quick | --smoke] [--scale N] [--database both|pglite|postgres] [--postgres-url U]
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { countRows, dataSetOf, prepare, serverEnv } from './http-data';
import { markdown, writeResults, type DatabaseResult, type Report } from './http-report';
import {
  openSession,
  recordStatements,
  replayStatements,
  routeHeaders,
  type RouteResult,
} from './http-routes';
import { measureTraffic, MIX_CONNECTIONS, type TrafficPlan } from './http-traffic';
import { load, type Figures } from './load';
import {
  gitCommit,
  readProc,
  settle,
  startBareFastify,
  startCompiledServer,
  type BenchDatabase,
} from './server';
import type { ServerProcess } from '../apps/api/src/test/server-process';
import type { RecordedStatement } from './sql-capture';
import { loadAverage, round } from './stats';
import { readCatalogue } from './traffic';

export type HttpMode = 'full' | 'quick' | 'smoke';

export interface HttpBenchOptions {
  /** full: 10 s a measure; quick: 2 s; smoke: a check that every measure runs (about a minute). */
  mode: HttpMode;
  /** The demo generator's scale of the data set (scale-data.ts); undefined: the server's demo data. */
  scale?: number;
  databases: BenchDatabase[];
  /** A database of the local PostgreSQL server (the benchmark's database is created beside it). */
  postgresUrl: string;
  resultsDir: string;
  /** Suffix of the result files' name: {date}[-scale][-quick]-<label> (a second run of a day keeps the first). */
  label?: string;
  log: (line: string) => void;
}

interface Plan extends TrafficPlan {
  /** The SQL of each route recorded and replayed (not in a smoke run). */
  sql: boolean;
  sqlSeconds: number;
}

/** Product pages asked once per second of measure at scale, at most (the demo data: every one). */
const COLD_PAGES_PER_SECOND = 2_000;

function planOf(mode: HttpMode, scale: number | undefined): Plan {
  const seconds = { full: 10, quick: 2, smoke: 0.25 }[mode];
  return {
    seconds,
    connections: mode === 'smoke' ? [50] : [1, 50],
    coldPages: mode === 'smoke' ? 200 : scale === undefined ? Infinity : COLD_PAGES_PER_SECOND * seconds,
    coldLimitSeconds: { full: 180, quick: 60, smoke: 5 }[mode],
    mixSeconds: { full: 20, quick: 5, smoke: 2 }[mode],
    sql: mode !== 'smoke',
    sqlSeconds: mode === 'full' ? 3 : 1,
  };
}

async function benchDatabase(
  database: BenchDatabase,
  options: HttpBenchOptions,
  plan: Plan,
  bare: Figures[],
  recorded: Map<string, RecordedStatement[]>,
): Promise<DatabaseResult> {
  const { log } = options;
  const dataSetupSeconds = await prepare(database, options);
  const env = serverEnv(database, options.postgresUrl, dataSetOf(options.scale));
  const { articles, orders } = await countRows(database, env);
  const catalogue = await readCatalogue(database, env);
  if (database === 'postgres' && plan.sql) {
    log(`postgres : enregistrement du SQL de chaque route…`);
    for (const [name, statements] of await recordStatements(env)) recorded.set(name, statements);
  }
  const loadAverageStart = loadAverage();
  const started = performance.now();
  let server: ServerProcess | undefined = await startCompiledServer(env);
  try {
    await server.ready(600_000);
    const startupSeconds = round((performance.now() - started) / 1000, 2);
    const pid = server.child.pid!;
    const session = await openSession(server.baseURL);
    const rssMbIdle = round(readProc(pid).rssMb, 0);
    log(
      `${database} : serveur prêt en ${startupSeconds} s, ${articles} articles, ${orders} commandes, ` +
        `RSS ${rssMbIdle} Mo, charge ${loadAverageStart.join(' ')}`,
    );
    const routes: RouteResult[] = [];
    for (const target of session.list) {
      const url = server.baseURL + target.path;
      const headers = routeHeaders(session, target);
      const runs: Figures[] = [];
      for (const connections of plan.connections) {
        // One answer before (warm caches) and after each run: requests the server still holds from a
        // run stopped by its timer must not slow the next measure down.
        await settle(url, headers);
        runs.push(await load(url, connections, plan.seconds, headers));
      }
      await settle(url, headers);
      routes.push({ name: target.name, path: target.path, runs });
      log(
        `  ${target.name.padEnd(32)} ` +
          runs
            .map((r) => `${r.connections} cx ${r.reqPerSec} req/s p95 ${r.p95} ms max ${r.max} ms`)
            .join(' | '),
      );
    }
    const traffic = await measureTraffic(server.baseURL, database, catalogue, plan, bare, log);
    const rssMbEnd = round(readProc(pid).rssMb, 0);
    log(`${database} : RSS du serveur après les mesures ${rssMbEnd} Mo`);
    await server.stop();
    server = undefined;

    await replayStatements(database, env, routes, recorded, plan.sqlSeconds);
    for (const route of routes)
      if (route.sql?.statements)
        log(
          `  SQL ${route.name.padEnd(28)} ${route.sql.statements} requêtes, p50 ${route.sql.p50} ms p95 ${route.sql.p95} ms`,
        );
    return {
      database,
      articles,
      orders,
      dataSetupSeconds,
      startupSeconds,
      rssMbIdle,
      rssMbEnd,
      loadAverageStart,
      loadAverageEnd: loadAverage(),
      routes,
      traffic,
    };
  } finally {
    await server?.stop();
  }
}

export async function runHttpBenchmark(options: HttpBenchOptions): Promise<Report> {
  const plan = planOf(options.mode, options.scale);
  const report: Report = {
    startedAt: new Date().toISOString(),
    commit: gitCommit(),
    mode: options.mode,
    scale: options.scale,
    secondsPerRun: plan.seconds,
    cpus: os.cpus().length,
    loadAverage: loadAverage(),
    bare: [],
    databases: [],
  };
  const bare = await startBareFastify();
  try {
    for (const connections of new Set([...plan.connections, MIX_CONNECTIONS]))
      report.bare.push(await load(bare.url, connections, plan.seconds));
  } finally {
    bare.stop();
  }
  options.log(
    `Fastify nu : ${report.bare.map((r) => `${r.connections} cx ${r.reqPerSec} req/s`).join(', ')}`,
  );
  // The routes' SQL is recorded on PostgreSQL and replayed on both.
  const recorded = new Map<string, RecordedStatement[]>();
  const order = [...options.databases].sort((a) => (a === 'postgres' ? -1 : 1));
  for (const database of order)
    report.databases.push(await benchDatabase(database, options, plan, report.bare, recorded));

  const base = await writeResults(report, options.resultsDir, options.label);
  if (options.mode === 'smoke') options.log(markdown(report));
  options.log(`Résultats : ${path.relative(process.cwd(), base) || base}.md et .json`);
  return report;
}
