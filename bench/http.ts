// The HTTP benchmark: the real compiled server (as `npm start` runs it) in a process of its own, on
// PostgreSQL and on PGlite, loaded by autocannon from this process over loopback, route by route at 1
// and 50 connections, as a visitor, a customer with prices of its own, or an administrator. Beside the
// figures, the ceilings of the same run: a bare Fastify route answering a constant JSON (another
// process), and the SQL each route sends, recorded on the wire (sql-capture.ts) and replayed through a
// direct client. The results go to bench/results/<date>[-scale][-quick].md and .json.
//
//   npm run bench -- http [--quick] [--scale N] [--database both|pglite|postgres] [--postgres-url U]
//
// The data sets are made once and reused. Without --scale, the server's own demo data (DEMO_DATA=1):
// PGlite in bench/.data/pglite (DATA_DIR), PostgreSQL in the database comptoir_bench_http of the local
// server. With --scale N, the demo generator at scale N (scale-data.ts): PostgreSQL in the database
// scale_bench_N_vV, PGlite in bench/.data/pglite-scale_bench_N_vV, a copy of it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import prettier from 'prettier';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '@comptoir/db/client';
import {
  freePorts,
  repoRoot,
  spawnServerProcess,
  type ServerProcess,
} from '../apps/api/src/test/server-process';
import {
  databaseUrl,
  preparePgliteScale,
  preparePostgresScale,
  scaleDatabaseName,
  scalePgliteDir,
} from './scale-data';
import { addCustomerAccount, adminQuery, getJson, gitCommit, login, readProc, type Tracker } from './soak';
import {
  SqlRecorder,
  timeOnPglite,
  timeOnPostgres,
  type RecordedStatement,
  type SqlTiming,
} from './sql-capture';

export type HttpDatabase = 'pglite' | 'postgres';

export interface HttpBenchOptions {
  quick: boolean;
  /** The demo generator's scale of the data set (scale-data.ts); undefined: the server's demo data. */
  scale?: number;
  databases: HttpDatabase[];
  /** A database of the local PostgreSQL server (the benchmark's database is created beside it). */
  postgresUrl: string;
  resultsDir: string;
  /** Suffix of the result files' name: {date}[-scale][-quick]-<label> (a second run of a day keeps the first). */
  label?: string;
  log: (line: string) => void;
}

const ADMIN = { login: 'bench-admin', password: 'bench-admin-mot-de-passe' };
/** The demo's first professional customer: it has net prices and a family discount of its own. */
const CUSTOMER = { login: 'bench-client', password: 'bench-client-mot-de-passe', code: 'C000001' };
const POSTGRES_DATABASE = 'comptoir_bench_http';
const PGLITE_DIR = path.join(import.meta.dirname, '.data/pglite');
const CONNECTIONS = [1, 50] as const;
const QUICK_SECONDS = 2;
const FULL_SECONDS = 10;
/** Replays of a route's SQL: at most this many, or this long, for its latency. */
const SQL_REPLAYS = { iterations: 50, ms: 5_000 };
/** Its throughput: as many replays at once as the server's pool has connections. */
const SQL_PARALLEL = 10;

interface Target {
  name: string;
  path: string;
  auth?: 'customer' | 'admin';
}

interface Figures {
  connections: number;
  requests: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
}

interface RouteResult {
  name: string;
  path: string;
  runs: Figures[];
  /** The statements the route sent for one request, replayed through a direct client. */
  sql?: SqlTiming;
}

interface DatabaseResult {
  database: HttpDatabase;
  /** What the data set holds. */
  articles: number;
  orders: number;
  dataSetupSeconds: number | null;
  startupSeconds: number;
  rssMbIdle: number;
  rssMbEnd: number;
  loadAverageStart: number[];
  loadAverageEnd: number[];
  routes: RouteResult[];
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;
const enc = encodeURIComponent;
const loadAverage = () => os.loadavg().map((l) => round(l, 2));

/** autocannon for `seconds` at `connections`, latencies kept whole for p95 (autocannon gives p97.5). */
async function load(url: string, connections: number, seconds: number, cookie?: string): Promise<Figures> {
  const latencies: number[] = [];
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    headers: { 'accept-encoding': 'br, gzip', ...(cookie ? { cookie } : {}) },
  }) as unknown as Tracker;
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
    latencies.push(responseTime),
  );
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    connections,
    requests: result.requests.total,
    reqPerSec: round(result.requests.total / seconds, 0),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function settle(url: string, cookie?: string) {
  const response = await fetch(url, {
    headers: cookie ? { cookie } : {},
    signal: AbortSignal.timeout(120_000),
  });
  if (!response.ok) throw new Error(`GET ${url} : ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

/** A bare Fastify answering a constant JSON: the ceiling of any route on this machine, in this run. */
async function startBareFastify(): Promise<{ url: string; stop: () => void }> {
  const [port] = await freePorts(1);
  const script = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ ok: true, texte: 'Comptoir' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
    console.log('ready');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`Fastify nu : arrêt (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
}

/** Where a run's data set lives. */
interface DataSet {
  postgresDatabase: string;
  pgliteDir: string;
  /** The server's demo data is loaded by the server itself; a scale data set is made beforehand. */
  serverDemoData: boolean;
}

const dataSetOf = (scale: number | undefined): DataSet =>
  scale === undefined
    ? { postgresDatabase: POSTGRES_DATABASE, pgliteDir: PGLITE_DIR, serverDemoData: true }
    : { postgresDatabase: scaleDatabaseName(scale), pgliteDir: scalePgliteDir(scale), serverDemoData: false };

function serverEnv(database: HttpDatabase, postgresUrl: string, data: DataSet): NodeJS.ProcessEnv {
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

export const startCompiledServer = (env: NodeJS.ProcessEnv) =>
  spawnServerProcess({ env, inheritEnv: false, compiled: true, stdio: 'ignore', stopTimeoutMs: 30_000 });

/** Whether the data set has the benchmark's customer account. */
async function hasCustomerAccount(database: HttpDatabase, env: NodeJS.ProcessEnv): Promise<boolean> {
  const handle = await openDatabase(
    database === 'postgres'
      ? { databaseUrl: env.DATABASE_URL! }
      : { dataDir: path.join(env.DATA_DIR!, 'db') },
  );
  try {
    const rows = await queryRows(handle.db, sql`select 1 from users where login = ${CUSTOMER.login}`);
    return rows.length > 0;
  } finally {
    await handle.close();
  }
}

/** Makes the data set when missing, and the customer account; returns the seconds it took, or null. */
async function prepare(
  database: HttpDatabase,
  options: Pick<HttpBenchOptions, 'postgresUrl' | 'log' | 'scale'>,
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

async function targets(baseUrl: string, admin: string): Promise<Target[]> {
  const menu = await getJson<{ activites: { code: string }[] }>(baseUrl, '/menu/activites');
  const plan = await getJson<{ codeFamille: string; nbArt: number }[]>(baseUrl, '/service/planVente', admin);
  const family = plan.filter((f) => f.nbArt > 0).sort((a, b) => b.nbArt - a.nbArt)[0]!;
  const familyPath = `/catalogue/familles/${enc(family.codeFamille)}`;
  type Tile = { codeArticle: string; hasDeclinaisons: boolean };
  const page = await getJson<{ articles: { elements: Tile[] } }>(baseUrl, familyPath);
  // A product with declinaisons: the page reads their prices and stock too.
  const product = page.articles.elements.find((a) => a.hasDeclinaisons) ?? page.articles.elements[0]!;
  const articlePath = `/catalogue/articles/${enc(product.codeArticle)}`;
  type Row = { date: number; codeClient: string; codeAgence: string; numero: string };
  const orders = await getJson<{ elements: Row[] }>(baseUrl, '/admin/commandes/fetch?size=1', admin);
  const last = orders.elements[0]!;
  const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
  const monthBefore = day(last.date - 30 * 86_400);
  const ordersList = (name: string, filters: Record<string, string>): Target => ({
    name,
    path: `/admin/commandes/fetch?${new URLSearchParams(filters)}`,
    auth: 'admin',
  });
  return [
    { name: 'santé (/healthz)', path: '/healthz' },
    { name: 'menu', path: '/menu/activites' },
    { name: 'sous-menu', path: `/submenu/${enc(menu.activites[0]!.code)}` },
    { name: 'catégories', path: '/catalogue/categories' },
    { name: 'page catégorie', path: familyPath },
    { name: 'page catégorie (client)', path: familyPath, auth: 'customer' },
    { name: 'fiche article', path: articlePath },
    { name: 'fiche article (client)', path: articlePath, auth: 'customer' },
    { name: 'recherche « vis »', path: '/rest/recherche/vis' },
    { name: 'recherche « plaque de plâtre »', path: `/rest/recherche/${enc('plaque de plâtre')}` },
    { name: 'recherche « ciment 35 »', path: `/rest/recherche/${enc('ciment 35')}` },
    { name: 'panier (client)', path: '/rest/panier', auth: 'customer' },
    ordersList('commandes', {}),
    ordersList('commandes, page 2', { page: '2' }),
    ordersList('commandes, client', { codeClient: last.codeClient }),
    ordersList('commandes, agence', { codeAgence: last.codeAgence }),
    ordersList('commandes, référence', { reference: last.numero }),
    ordersList('commandes, 30 jours', { dateDebut: monthBefore, dateFin: day(last.date) }),
    {
      name: 'statistiques, 30 jours',
      path: `/admin/statistiques/fetch?dateDebut=${monthBefore}&dateFin=${day(last.date)}&echelle=jour`,
      auth: 'admin',
    },
  ];
}

interface Session {
  cookies: Record<'admin' | 'customer', string>;
  list: Target[];
}

async function openSession(baseUrl: string): Promise<Session> {
  const cookies = { admin: await login(baseUrl, ADMIN), customer: await login(baseUrl, CUSTOMER) };
  return { cookies, list: await targets(baseUrl, cookies.admin) };
}

/**
 * The statements each route sends for one request once its caches are warm: the server started on a
 * recording relay to PostgreSQL (before the measures, in a process of its own), each route asked
 * twice, the second recorded.
 */
async function recordStatements(env: NodeJS.ProcessEnv): Promise<Map<string, RecordedStatement[]>> {
  const target = new URL(env.DATABASE_URL!);
  const recorder = await SqlRecorder.start({ host: target.hostname, port: Number(target.port || 5432) });
  const relayed = new URL(target);
  relayed.host = `127.0.0.1:${recorder.port}`;
  const server = await startCompiledServer({ ...env, DATABASE_URL: relayed.toString() });
  try {
    await server.ready(600_000);
    const { cookies, list } = await openSession(server.baseURL);
    const recorded = new Map<string, RecordedStatement[]>();
    for (const route of list) {
      const cookie = route.auth ? cookies[route.auth] : undefined;
      await settle(server.baseURL + route.path, cookie);
      recorded.set(route.name, await recorder.record(() => settle(server.baseURL + route.path, cookie)));
    }
    return recorded;
  } finally {
    await server.stop();
    await recorder.stop();
  }
}

async function countRows(database: HttpDatabase, env: NodeJS.ProcessEnv) {
  const handle = await openDatabase(
    database === 'postgres'
      ? { databaseUrl: env.DATABASE_URL! }
      : { dataDir: path.join(env.DATA_DIR!, 'db') },
  );
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

async function benchDatabase(
  database: HttpDatabase,
  options: HttpBenchOptions,
  recorded: Map<string, RecordedStatement[]>,
): Promise<DatabaseResult> {
  const { log } = options;
  const seconds = options.quick ? QUICK_SECONDS : FULL_SECONDS;
  const dataSetupSeconds = await prepare(database, options);
  const env = serverEnv(database, options.postgresUrl, dataSetOf(options.scale));
  const { articles, orders } = await countRows(database, env);
  if (database === 'postgres') {
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
    const { cookies, list } = await openSession(server.baseURL);
    const rssMbIdle = round(readProc(pid).rssMb, 0);
    log(
      `${database} : serveur prêt en ${startupSeconds} s, ${articles} articles, ${orders} commandes, ` +
        `RSS ${rssMbIdle} Mo, charge ${loadAverageStart.join(' ')}`,
    );
    const routes: RouteResult[] = [];
    for (const target of list) {
      const cookie = target.auth ? cookies[target.auth] : undefined;
      const runs: Figures[] = [];
      for (const connections of CONNECTIONS) {
        // One answer before (warm caches) and after each run: requests the server still holds from a
        // run stopped by its timer must not slow the next measure down.
        await settle(server.baseURL + target.path, cookie);
        runs.push(await load(server.baseURL + target.path, connections, seconds, cookie));
      }
      await settle(server.baseURL + target.path, cookie);
      routes.push({ name: target.name, path: target.path, runs });
      log(
        `  ${target.name.padEnd(32)} ` +
          runs
            .map((r) => `${r.connections} cx ${r.reqPerSec} req/s p95 ${r.p95} ms max ${r.max} ms`)
            .join(' | '),
      );
    }
    const rssMbEnd = round(readProc(pid).rssMb, 0);
    await server.stop();
    server = undefined;

    // Each route's SQL through a direct client, once the server has stopped (PGlite allows one process).
    if (database === 'postgres') {
      for (const route of routes) {
        const statements = recorded.get(route.name);
        if (statements)
          route.sql = await timeOnPostgres(env.DATABASE_URL!, statements, {
            ...SQL_REPLAYS,
            parallel: SQL_PARALLEL,
            seconds: options.quick ? 1 : 3,
          });
      }
    } else if (recorded.size > 0) {
      const client = await PGlite.create(path.join(env.DATA_DIR!, 'db'), {
        extensions: { pg_trgm, unaccent },
      });
      try {
        for (const route of routes) {
          const statements = recorded.get(route.name);
          if (statements) route.sql = await timeOnPglite(client, statements, SQL_REPLAYS);
        }
      } finally {
        await client.close();
      }
    }
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
    };
  } finally {
    await server?.stop();
  }
}

function markdown(report: Report): string {
  const bare = (connections: number) => report.bare.find((r) => r.connections === connections)!;
  const lines = [
    `# Banc HTTP ${report.scale === undefined ? '' : `à l'échelle ${report.scale} `}${report.quick ? '(--quick) ' : ''}du ${report.startedAt.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Commit ${report.commit}, ${report.cpus} cœurs, charge de la machine au départ ${report.loadAverage.join(' ')}` +
      ` (machine partagée : les chiffres varient d'un passage à l'autre). ${report.secondsPerRun} s par mesure,` +
      ' autocannon sur la boucle locale, serveur compilé dans son propre processus, ' +
      (report.scale === undefined
        ? 'données de démonstration.'
        : `données du générateur de démonstration à l'échelle ${report.scale} (bench/scale-data.ts).`),
    '',
    `Plafond : Fastify nu (JSON constant), ${report.bare.map((r) => `${r.connections} cx ${r.reqPerSec} req/s p95 ${r.p95} ms`).join(', ')}.`,
    '',
  ];
  for (const db of report.databases) {
    lines.push(
      `## ${db.database}`,
      '',
      `${db.articles} articles, ${db.orders} commandes. Démarrage jusqu'à la première réponse : ${db.startupSeconds} s` +
        (db.dataSetupSeconds === null
          ? ' (données réutilisées)'
          : ` (données créées en ${db.dataSetupSeconds} s)`) +
        `. RSS du serveur : ${db.rssMbIdle} Mo au repos, ${db.rssMbEnd} Mo après les mesures.` +
        ` Charge : ${db.loadAverageStart.join(' ')} au début, ${db.loadAverageEnd.join(' ')} à la fin.`,
      '',
      '| route | 1 cx req/s | 1 cx p50 / p95 / p99 ms | 50 cx req/s | 50 cx p50 / p95 / p99 / max ms | % Fastify nu (1 cx / 50 cx) | erreurs | SQL : requêtes, p50 / p95 ms | SQL : p95 route / p95 SQL (1 cx) | SQL : req/s à 10 |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const route of db.routes) {
      const [one, fifty] = route.runs as [Figures, Figures];
      const latency = (r: Figures, max = false) =>
        r.requests ? `${r.p50} / ${r.p95} / ${r.p99}${max ? ` / ${r.max}` : ''}` : '—';
      const sqlCell = !route.sql
        ? '—'
        : route.sql.statements === 0
          ? '0 (cache)'
          : `${route.sql.statements}, ${route.sql.p50} / ${route.sql.p95}`;
      const ratio = route.sql?.statements && one.requests ? `${round(one.p95 / route.sql.p95, 2)}` : '—';
      lines.push(
        `| ${route.name} | ${one.reqPerSec} | ${latency(one)} | ${fifty.reqPerSec} | ` +
          `${latency(fifty, true)} | ${round((100 * one.reqPerSec) / bare(1).reqPerSec)} % / ${round((100 * fifty.reqPerSec) / bare(50).reqPerSec)} % | ` +
          `${one.errors + fifty.errors + one.non2xx + fifty.non2xx} | ${sqlCell} | ${ratio} | ${route.sql?.perSecond ?? '—'} |`,
      );
    }
    lines.push('');
  }
  lines.push(
    "SQL : les requêtes qu'envoie la route pour une requête, caches chauds, enregistrées sur le fil entre le",
    'serveur et PostgreSQL (bench/sql-capture.ts) puis rejouées par un client direct, dans leur ordre sur chaque',
    'connexion, les connexions en parallèle ; « 0 (cache) » : la route ne lit rien dans la base. Sur PGlite, les',
    'mêmes requêtes rejouées sur la même base une fois le serveur arrêté. « req/s à 10 » : 10 rejeux à la fois',
    '(PostgreSQL, autant que le pool du serveur a de connexions).',
    '',
  );
  return lines.join('\n');
}

interface Report {
  startedAt: string;
  commit: string;
  quick: boolean;
  scale?: number;
  secondsPerRun: number;
  cpus: number;
  loadAverage: number[];
  bare: Figures[];
  databases: DatabaseResult[];
}

export async function runHttpBenchmark(options: HttpBenchOptions): Promise<Report> {
  const startedAt = new Date().toISOString();
  const seconds = options.quick ? QUICK_SECONDS : FULL_SECONDS;
  const report: Report = {
    startedAt,
    commit: gitCommit(),
    quick: options.quick,
    scale: options.scale,
    secondsPerRun: seconds,
    cpus: os.cpus().length,
    loadAverage: loadAverage(),
    bare: [],
    databases: [],
  };
  const bare = await startBareFastify();
  try {
    for (const connections of CONNECTIONS) report.bare.push(await load(bare.url, connections, seconds));
  } finally {
    bare.stop();
  }
  options.log(
    `Fastify nu : ${report.bare.map((r) => `${r.connections} cx ${r.reqPerSec} req/s`).join(', ')}`,
  );
  // The routes' SQL is recorded on PostgreSQL and replayed on both.
  const recorded = new Map<string, RecordedStatement[]>();
  const order = [...options.databases].sort((a) => (a === 'postgres' ? -1 : 1));
  for (const database of order) report.databases.push(await benchDatabase(database, options, recorded));

  fs.mkdirSync(options.resultsDir, { recursive: true });
  const suffix = `${options.scale === undefined ? '' : '-scale'}${options.quick ? '-quick' : ''}${options.label ? `-${options.label}` : ''}`;
  const base = path.join(options.resultsDir, `${startedAt.slice(0, 10)}${suffix}`);
  const config = (await prettier.resolveConfig(`${base}.json`)) ?? {};
  fs.writeFileSync(
    `${base}.json`,
    await prettier.format(JSON.stringify(report), { ...config, parser: 'json' }),
  );
  fs.writeFileSync(`${base}.md`, await prettier.format(markdown(report), { ...config, parser: 'markdown' }));
  options.log(`Résultats : ${base}.md et .json`);
  return report;
}
