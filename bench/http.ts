// The HTTP benchmark: the real compiled server (as `npm start` runs it) in a process of its own, on the
// demo data, on PostgreSQL and on PGlite, loaded by autocannon from this process over loopback, route
// by route at 1 and 50 connections. Beside the figures, the ceilings of the same run: a bare Fastify
// route answering a constant JSON (another process), and the orders list's own SQL timed with a direct
// client. The results go to bench/results/<date>.md and .json (<date>-quick with --quick).
//
//   npm run bench -- http [--quick] [--database both|pglite|postgres] [--postgres-url U]
//
// The data sets are made once and reused: PGlite in bench/.data/pglite (DATA_DIR), PostgreSQL in the
// database comptoir_bench_http of the local server. Both are the server's own demo data (DEMO_DATA=1).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import prettier from 'prettier';
import { openDatabase, type DatabaseHandle } from '@comptoir/db/client';
import {
  orderCountQuery,
  orderPageQuery,
  type OrderFilters,
} from '../apps/api/src/modules/orders/orders.repository';
import {
  freePorts,
  repoRoot,
  spawnServerProcess,
  type ServerProcess,
} from '../apps/api/src/test/server-process';
import { addCustomerAccount, adminQuery, getJson, gitCommit, login, readProc, type Tracker } from './soak';

export type HttpDatabase = 'pglite' | 'postgres';

export interface HttpBenchOptions {
  quick: boolean;
  databases: HttpDatabase[];
  /** A database of the local PostgreSQL server (the benchmark's database is created beside it). */
  postgresUrl: string;
  resultsDir: string;
  log: (line: string) => void;
}

const ADMIN = { login: 'bench-admin', password: 'bench-admin-mot-de-passe' };
const CUSTOMER = { login: 'bench-client', password: 'bench-client-mot-de-passe', code: 'C000001' };
const POSTGRES_DATABASE = 'comptoir_bench_http';
const PGLITE_DIR = path.join(import.meta.dirname, '.data/pglite');
const CONNECTIONS = [1, 50] as const;
const SQL_ITERATIONS = 50;
const QUICK_SECONDS = 2;
const FULL_SECONDS = 10;

interface Target {
  name: string;
  path: string;
  auth?: 'customer' | 'admin';
  /** The orders list's filters, for its raw SQL ceiling. */
  orderFilters?: OrderFilters;
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
  /** The route's SQL through a direct client: median and p95 of SQL_ITERATIONS runs, ms. */
  sql?: { p50: number; p95: number };
}

interface DatabaseResult {
  database: HttpDatabase;
  dataSetupSeconds: number | null;
  startupSeconds: number;
  rssMbIdle: number;
  rssMbEnd: number;
  orders: number;
  routes: RouteResult[];
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;
const enc = encodeURIComponent;

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

async function timeSql(handle: DatabaseHandle, filters: OrderFilters): Promise<{ p50: number; p95: number }> {
  const run = () =>
    Promise.all([
      orderPageQuery(handle.db, filters, { offset: 0, limit: 20 }),
      orderCountQuery(handle.db, filters),
    ]);
  await run();
  await run();
  const times: number[] = [];
  for (let i = 0; i < SQL_ITERATIONS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50), 2), p95: round(percentile(times, 95), 2) };
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

function serverEnv(database: HttpDatabase, postgresUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DEMO_DATA: '1',
    ADMIN_LOGIN: ADMIN.login,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  };
  delete env.INIT_CWD;
  if (database === 'postgres') {
    const url = new URL(postgresUrl);
    url.pathname = `/${POSTGRES_DATABASE}`;
    env.DATABASE_URL = url.toString();
    env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-files-'));
  } else {
    delete env.DATABASE_URL;
    env.DATA_DIR = PGLITE_DIR;
  }
  return env;
}

export const startCompiledServer = (env: NodeJS.ProcessEnv) =>
  spawnServerProcess({ env, inheritEnv: false, compiled: true, stdio: 'ignore', stopTimeoutMs: 30_000 });

/** Makes the data set when missing (the server loads its demo data into an empty base), and the accounts. */
async function prepare(
  database: HttpDatabase,
  options: Pick<HttpBenchOptions, 'postgresUrl' | 'log'>,
): Promise<number | null> {
  const env = serverEnv(database, options.postgresUrl);
  let fresh: boolean;
  if (database === 'postgres') {
    const client = new pg.Client({ connectionString: options.postgresUrl });
    await client.connect();
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      POSTGRES_DATABASE,
    ]);
    await client.end();
    fresh = rowCount === 0;
    if (fresh) await adminQuery(options.postgresUrl, `create database ${POSTGRES_DATABASE}`);
  } else {
    fresh = !fs.existsSync(PGLITE_DIR);
    fs.mkdirSync(PGLITE_DIR, { recursive: true });
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
export const pgliteServerEnv = () => serverEnv('pglite', '');

async function targets(baseUrl: string, admin: string): Promise<Target[]> {
  const menu = await getJson<{ activites: { code: string }[] }>(baseUrl, '/menu/activites');
  const plan = await getJson<{ codeFamille: string; nbArt: number }[]>(baseUrl, '/service/planVente', admin);
  const family = plan.filter((f) => f.nbArt > 0).sort((a, b) => b.nbArt - a.nbArt)[0]!;
  const page = await getJson<{ articles: { elements: { codeArticle: string }[] } }>(
    baseUrl,
    `/catalogue/familles/${enc(family.codeFamille)}`,
  );
  type Row = { date: number; codeClient: string; codeAgence: string; numero: string };
  const orders = await getJson<{ elements: Row[] }>(baseUrl, '/admin/commandes/fetch?size=1', admin);
  const last = orders.elements[0]!;
  const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
  const monthBefore = day(last.date - 30 * 86_400);
  const ordersList = (name: string, filters: OrderFilters): Target => ({
    name,
    path: `/admin/commandes/fetch?${new URLSearchParams(filters as Record<string, string>)}`,
    auth: 'admin',
    orderFilters: filters,
  });
  return [
    { name: 'santé (/healthz)', path: '/healthz' },
    { name: 'menu', path: '/menu/activites' },
    { name: 'sous-menu', path: `/submenu/${enc(menu.activites[0]!.code)}` },
    { name: 'catégories', path: '/catalogue/categories' },
    { name: 'page catégorie', path: `/catalogue/familles/${enc(family.codeFamille)}` },
    { name: 'fiche article', path: `/catalogue/articles/${enc(page.articles.elements[0]!.codeArticle)}` },
    { name: 'recherche « vis »', path: '/rest/recherche/vis' },
    { name: 'recherche « plaque de plâtre »', path: `/rest/recherche/${enc('plaque de plâtre')}` },
    { name: 'recherche « ciment 35 »', path: `/rest/recherche/${enc('ciment 35')}` },
    { name: 'panier (client)', path: '/rest/panier', auth: 'customer' },
    ordersList('commandes', {}),
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

async function benchDatabase(database: HttpDatabase, options: HttpBenchOptions): Promise<DatabaseResult> {
  const { log } = options;
  const seconds = options.quick ? QUICK_SECONDS : FULL_SECONDS;
  const dataSetupSeconds = await prepare(database, options);
  const env = serverEnv(database, options.postgresUrl);
  const started = performance.now();
  let server: ServerProcess | undefined = await startCompiledServer(env);
  try {
    await server.ready(600_000);
    const startupSeconds = round((performance.now() - started) / 1000, 2);
    const pid = server.child.pid!;
    const cookies = {
      admin: await login(server.baseURL, ADMIN),
      customer: await login(server.baseURL, CUSTOMER),
    };
    const list = await targets(server.baseURL, cookies.admin);
    const orders = (
      await getJson<{ total: number }>(server.baseURL, '/admin/commandes/fetch?size=1', cookies.admin)
    ).total;
    const rssMbIdle = round(readProc(pid).rssMb, 0);
    log(`${database} : serveur prêt en ${startupSeconds} s, ${orders} commandes, RSS ${rssMbIdle} Mo`);
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
          runs.map((r) => `${r.connections} cx ${r.reqPerSec} req/s p95 ${r.p95} ms`).join(' | '),
      );
    }
    const rssMbEnd = round(readProc(pid).rssMb, 0);

    // The orders list's SQL through a direct client: beside the server on PostgreSQL; PGlite allows one
    // process, so once the server has stopped.
    const sqlOf = async (handle: DatabaseHandle) => {
      for (const [index, target] of list.entries())
        if (target.orderFilters) routes[index]!.sql = await timeSql(handle, target.orderFilters);
    };
    if (database === 'postgres') {
      const handle = await openDatabase({ databaseUrl: env.DATABASE_URL! });
      await sqlOf(handle).finally(() => handle.close());
    }
    await server.stop();
    server = undefined;
    if (database === 'pglite') {
      const handle = await openDatabase({ dataDir: path.join(PGLITE_DIR, 'db') });
      await sqlOf(handle).finally(() => handle.close());
    }
    return { database, dataSetupSeconds, startupSeconds, rssMbIdle, rssMbEnd, orders, routes };
  } finally {
    await server?.stop();
  }
}

function markdown(report: Report): string {
  const lines = [
    `# Banc HTTP ${report.quick ? '(--quick) ' : ''}du ${report.startedAt.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Commit ${report.commit}, ${report.cpus} cœurs, charge de la machine au départ ${report.loadAverage.join(' ')}` +
      ` (machine partagée : les chiffres varient d'un passage à l'autre). ${report.secondsPerRun} s par mesure,` +
      ' autocannon sur la boucle locale, serveur compilé dans son propre processus, données de démonstration.',
    '',
    `Plafond : Fastify nu (JSON constant), ${report.bare.map((r) => `${r.connections} cx ${r.reqPerSec} req/s p95 ${r.p95} ms`).join(', ')}.`,
    '',
  ];
  for (const db of report.databases) {
    const bare50 = report.bare.find((r) => r.connections === 50)!.reqPerSec;
    lines.push(
      `## ${db.database}`,
      '',
      `${db.orders} commandes. Démarrage jusqu'à la première réponse : ${db.startupSeconds} s` +
        (db.dataSetupSeconds === null
          ? ' (données réutilisées)'
          : ` (données créées en ${db.dataSetupSeconds} s)`) +
        `. RSS du serveur : ${db.rssMbIdle} Mo au repos, ${db.rssMbEnd} Mo après les mesures.`,
      '',
      '| route | 1 cx req/s | 1 cx p50 / p95 / p99 ms | 50 cx req/s | 50 cx p50 / p95 / p99 ms | % Fastify nu (50 cx) | erreurs | SQL direct p50 / p95 ms |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const route of db.routes) {
      const [one, fifty] = route.runs as [Figures, Figures];
      const latency = (r: Figures) => (r.requests ? `${r.p50} / ${r.p95} / ${r.p99}` : '—');
      lines.push(
        `| ${route.name} | ${one.reqPerSec} | ${latency(one)} | ${fifty.reqPerSec} | ` +
          `${latency(fifty)} | ${round((100 * fifty.reqPerSec) / bare50)} % | ` +
          `${one.errors + fifty.errors + one.non2xx + fifty.non2xx} | ${route.sql ? `${route.sql.p50} / ${route.sql.p95}` : '—'} |`,
      );
    }
    lines.push('');
  }
  lines.push(
    'SQL direct : les deux requêtes de la liste des commandes (page et total, en parallèle), par les mêmes',
    'constructeurs que la route, sur un client direct ; les autres routes ne sont pas encore décomposées.',
    '',
  );
  return lines.join('\n');
}

interface Report {
  startedAt: string;
  commit: string;
  quick: boolean;
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
    secondsPerRun: seconds,
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((l) => round(l, 2)),
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
  for (const database of options.databases) report.databases.push(await benchDatabase(database, options));

  fs.mkdirSync(options.resultsDir, { recursive: true });
  const base = path.join(options.resultsDir, `${startedAt.slice(0, 10)}${options.quick ? '-quick' : ''}`);
  const config = (await prettier.resolveConfig(`${base}.json`)) ?? {};
  fs.writeFileSync(
    `${base}.json`,
    await prettier.format(JSON.stringify(report), { ...config, parser: 'json' }),
  );
  fs.writeFileSync(`${base}.md`, await prettier.format(markdown(report), { ...config, parser: 'markdown' }));
  options.log(`Résultats : ${base}.md et .json`);
  return report;
}
