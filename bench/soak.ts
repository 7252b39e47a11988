// Load soak: the real compiled server (as `npm start` runs it, with the demo data; `npm run build` first) under a mixed storefront and
// back-office load for M minutes at N connections, its memory sampled all along. The workload:
// soak-classes.ts (with real traffic: the storefront's HTML pages, searches that never repeat); what it
// draws from: soak-fixtures.ts; the report: soak-report.ts.
//
//   npm run soak -- [--minutes 10] [--connections 200] [--database pglite|postgres] [--workers N] [--smoke]
//
// Pass: no error (no 5xx, no 4xx but the few a busy shop answers by design, no timeout or socket
// error), and the server's RSS in the last minute within 10 % of its RSS in the minute after the
// warm-up minute (each minute's floor). The goals of real traffic are printed beside (goals.ts). The
// figures go to bench/results/soak-<database>-<date>.json and .md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { ServerProcess } from '../apps/api/src/test/server-process';
import { load, type Tracker } from './load';
import {
  addCustomerAccount,
  adminQuery,
  emptyServerLog,
  getJson,
  login,
  readAcceptQueue,
  readMessage,
  readProc,
  startBareFastify,
  startLoggedServer,
  until,
  type BenchDatabase,
} from './server';
import { chance, CLASSES, type Auth, type Built, type RouteClass, type Shopper } from './soak-classes';
import { ADMIN, CUSTOMERS, preflight, readFixtures, readShopper } from './soak-fixtures';
import {
  markdownOf,
  reportJson,
  SAMPLE_SECONDS,
  writeReport,
  type ClassStats,
  type ErrorSample,
  type ProcSample,
} from './soak-report';
import { round, sleep } from './stats';
import { drawer, PAGE_HEADERS, readCatalogue } from './traffic';

export type SoakDatabase = BenchDatabase;

export interface SoakOptions {
  minutes: number;
  connections: number;
  database: SoakDatabase;
  /** A database of the local PostgreSQL server to create the scratch database from (postgres only). */
  postgresUrl: string;
  /** Folder of the results files. */
  resultsDir: string;
  /** A request unanswered after this many seconds counts as an error (autocannon's timeout). */
  timeoutSeconds: number;
  /** Suffix of the results' names: soak-{database}-{date}-{label}.md (none by default). */
  label?: string;
  /** Server processes (the server's WORKERS, PostgreSQL only); 1 by default. */
  workers?: number;
  /**
   * Node flags of the loaded server process only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile
   * it under the load), from the variable SOAK_SERVER_NODE_ARGS.
   */
  serverNodeArgs?: string[];
  /** A check that the soak runs: 4 customers (and, from run.ts, 15 s of load). */
  smoke?: boolean;
  log: (line: string) => void;
}

const WARMUP_SECONDS = 60;
/** A smoke run's customers. */
const SMOKE_SHOPPERS = 4;

export interface SoakReport {
  pass: boolean;
  failures: string[];
  files: { json: string; md: string };
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const { log } = options;
  const durationSeconds = Math.round(options.minutes * 60);
  const accounts = options.smoke ? CUSTOMERS.slice(0, SMOKE_SHOPPERS) : CUSTOMERS;
  // A short run (while developing) warms up for a third of its time.
  const warmupSeconds = Math.min(WARMUP_SECONDS, Math.floor(durationSeconds / 3));
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  log(
    `Soak : ${options.database}, ${options.connections} connexions, ${options.minutes} min ` +
      `(charge de la machine : ${loadAtStart.map((l) => l.toFixed(2)).join(' ')})`,
  );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-soak-'));
  const serverLog = emptyServerLog(path.join(dataDir, 'server.log'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: '1',
    ADMIN_LOGIN: ADMIN.login,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.INIT_CWD;

  let scratch: { admin: string; name: string } | undefined;
  let server: ServerProcess | undefined;
  let tracker: Tracker | undefined;
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    log('Interrompu : arrêt du serveur et nettoyage…');
    tracker?.stop();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // Should this process die on a bug, the server does not outlive it (server-process.ts kills it).

  try {
    // The ceiling of this run at its connections: a bare Fastify, before the server starts.
    const bare = await startBareFastify();
    let bareFastify;
    try {
      bareFastify = await load(bare.url, options.connections, options.smoke ? 2 : 5);
    } finally {
      bare.stop();
    }
    log(`Fastify nu : ${options.connections} connexions, ${bareFastify.reqPerSec} req/s`);

    if (options.database === 'postgres') {
      scratch = { admin: options.postgresUrl, name: `comptoir_soak_${Date.now().toString(36)}` };
      await adminQuery(scratch.admin, `create database ${scratch.name}`);
      const url = new URL(options.postgresUrl);
      url.pathname = `/${scratch.name}`;
      env.DATABASE_URL = url.toString();
      log(`Base PostgreSQL de travail : ${scratch.name}`);
    }

    // Migrations, demo data and the administrator at the first start; the customer accounts with the
    // operators' CLI while the server is stopped (PGlite allows one process), then the real start.
    let started = Date.now();
    server = await startLoggedServer(env, serverLog, log);
    await server.ready(300_000);
    log(`Données de démonstration chargées en ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await server.stop();
    // One CLI run per account; on PGlite one process at a time holds the folder.
    const batch = options.database === 'postgres' ? 5 : 1;
    for (let i = 0; i < accounts.length; i += batch)
      await Promise.all(accounts.slice(i, i + batch).map((account) => addCustomerAccount(account, env)));
    // What real traffic draws from, read while the server is stopped.
    const catalogue = await readCatalogue(options.database, env);
    started = Date.now();
    const workers = options.workers ?? 1;
    serverLog.serving = 0;
    server = await startLoggedServer(
      { ...env, WORKERS: String(workers) },
      serverLog,
      log,
      options.serverNodeArgs,
    );
    await server.ready(120_000);
    // With several processes, the load starts once each of them serves.
    await until(() => serverLog.serving >= workers, 60_000);
    log(`Serveur prêt en ${((Date.now() - started) / 1000).toFixed(1)} s (pid ${server.child.pid})`);
    if (interrupted) throw new Error('Interrompu');

    const baseUrl = server.baseURL;
    const adminCookie = await login(baseUrl, ADMIN);
    const shoppers: Shopper[] = [];
    for (const account of accounts) shoppers.push(await readShopper(baseUrl, account));
    const fixtures = await readFixtures(baseUrl, adminCookie, shoppers[0]!.cookie, catalogue);
    const ordersBefore = (
      await getJson<{ total: number }>(baseUrl, '/admin/commandes/fetch?size=1', adminCookie)
    ).total;
    log(
      `Données tirées : ${fixtures.families.length} familles, ${fixtures.articles.length} articles, ` +
        `${fixtures.buyable.length} achetables, ${fixtures.searchTexts.length} recherches, ${ordersBefore} commandes, ` +
        `${catalogue.articles.length} pages article`,
    );

    const cookieFor = (auth: Auth, shopper: Shopper) =>
      auth === 'admin'
        ? adminCookie
        : auth === 'customer' || (auth === 'either' && chance(0.5))
          ? shopper.cookie
          : undefined;
    for (const shopper of shoppers) await preflight(baseUrl, fixtures, shopper, cookieFor);

    const stats = new Map<string, ClassStats>(
      CLASSES.map((c) => [
        c.name,
        { latencies: [], statuses: new Map(), expected: 0, unexpected: 0, timeouts: 0, socketErrors: 0 },
      ]),
    );
    const errorSamples: ErrorSample[] = [];
    const drawClass = drawer(CLASSES);

    // Per connection: the request in flight and the one before it (a timeout is reported once the
    // replacement request is already built).
    interface InFlight {
      cls: RouteClass;
      built: Built;
      t0: number;
    }
    interface ConnectionState {
      /** The customer this connection shops as, whenever a request is a customer's. */
      shopper: Shopper;
      current?: InFlight;
      previous?: InFlight;
      /** Responses this connection has received (it reconnects after a timeout). */
      answered: number;
    }
    const connections: ConnectionState[] = [];
    const recordError = (flight: InFlight | undefined, kind: 'timeout' | 'socket') => {
      if (!flight) return;
      const s = stats.get(flight.cls.name)!;
      if (kind === 'timeout') s.timeouts++;
      else s.socketErrors++;
      if (errorSamples.length < 50)
        errorSamples.push({
          class: flight.cls.name,
          method: flight.built.method,
          path: flight.built.path,
          status: kind,
          body: '',
        });
    };
    let responses = 0;

    const samples: ProcSample[] = [];
    const serverPid = server.child.pid!;
    let loadStart = 0;
    const cpuBefore = process.cpuUsage();
    const serverPort = server.port;
    const sample = () => {
      const proc = readProc(serverPid);
      samples.push({
        t: round((performance.now() - loadStart) / 1000),
        ...proc,
        responses,
        acceptQueue: readAcceptQueue(serverPort),
      });
    };

    log(`Charge : ${durationSeconds} s, ${options.connections} connexions (échauffement ${warmupSeconds} s)`);
    loadStart = performance.now();
    sample();
    tracker = autocannon({
      url: baseUrl,
      connections: options.connections,
      duration: durationSeconds,
      timeout: options.timeoutSeconds,
      setupClient: (client: unknown) => {
        // One state per connection, kept across requests (autocannon otherwise resets the context).
        const connection: ConnectionState = {
          shopper: shoppers[connections.length % shoppers.length]!,
          answered: 0,
        };
        connections.push(connection);
        const iterator = (client as { requestIterator: { context: unknown; resetContext: () => void } })
          .requestIterator;
        iterator.resetContext = () => {
          iterator.context = connection;
        };
        iterator.resetContext();
        const emitter = client as NodeJS.EventEmitter;
        emitter.on('timeout', () => recordError(connection.previous, 'timeout'));
        emitter.on('connError', () => recordError(connection.previous, 'socket'));
      },
      requests: [
        {
          setupRequest: (request: autocannon.Request, context: unknown) => {
            const connection = context as ConnectionState;
            const cls = drawClass();
            // autocannon builds a first request before setupClient gives the connection its state.
            const shopper = connection.shopper ?? shoppers[0]!;
            const built = cls.build(fixtures, shopper);
            const cookie = cookieFor(cls.auth, shopper);
            const headers: Record<string, string> = built.page ? { ...PAGE_HEADERS } : {};
            if (cookie) headers.cookie = cookie;
            let body: string | undefined;
            if (built.body !== undefined) {
              body = JSON.stringify(built.body);
              headers['content-type'] = 'application/json';
            }
            connection.previous = connection.current;
            connection.current = { cls, built, t0: performance.now() };
            return { ...request, method: built.method, path: built.path, headers, body };
          },
          onResponse: (status: number, body: string, context: unknown) => {
            const connection = context as ConnectionState;
            const flight = connection.current;
            if (!flight) return;
            responses++;
            connection.answered++;
            const s = stats.get(flight.cls.name)!;
            s.latencies.push(performance.now() - flight.t0);
            s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
            if (status >= 200 && status < 300) {
              // Learn the cart's line ids now and then (parsing every cart would load the client).
              if ((flight.cls.name === 'cart-add' || flight.cls.name === 'cart-read') && chance(0.2))
                connection.shopper.cartLineIds = (
                  JSON.parse(body) as { lignes: { id: number }[] }
                ).lignes.map((l) => l.id);
              return;
            }
            if (flight.cls.expected?.[status]?.includes(readMessage(body) ?? '')) {
              s.expected++;
              return;
            }
            s.unexpected++;
            if (errorSamples.length < 50)
              errorSamples.push({
                class: flight.cls.name,
                method: flight.built.method,
                path: flight.built.path,
                status,
                body: body.slice(0, 500),
              });
          },
        },
      ],
    } as autocannon.Options) as unknown as Tracker;
    let lastPrint = 0;
    const sampler = setInterval(() => {
      try {
        sample();
      } catch {
        return; // the server is gone: the run's result says so
      }
      const last = samples.at(-1)!;
      if (last.t - lastPrint >= 30 || last.t >= durationSeconds) {
        lastPrint = last.t;
        const prev = samples.findLast((s) => s.t <= last.t - 30) ?? samples[0]!;
        const rate = (last.responses - prev.responses) / Math.max(1, last.t - prev.t);
        const errors = [...stats.values()].reduce(
          (n, s) => n + s.unexpected + s.timeouts + s.socketErrors,
          0,
        );
        log(
          `  ${String(Math.round(last.t)).padStart(4)} s  ${rate.toFixed(0).padStart(5)} req/s  ` +
            `RSS ${last.rssMb.toFixed(0)} Mo  erreurs ${errors}  en attente d'accept ${last.acceptQueue}  ` +
            `charge ${last.load.toFixed(2)}`,
        );
      }
    }, SAMPLE_SECONDS * 1000);
    const result = await tracker;
    clearInterval(sampler);
    const loadSeconds = (performance.now() - loadStart) / 1000;
    const clientCpu = process.cpuUsage(cpuBefore);
    const serverAlive = server.child.exitCode === null;
    if (serverAlive) sample();
    if (interrupted) throw new Error('Interrompu');

    // Memory once the load has stopped: what the server gives back.
    await sleep(options.smoke ? 2_000 : 10_000);
    const idle = serverAlive ? readProc(serverPid) : undefined;
    const ordersAfter = serverAlive
      ? (await getJson<{ total: number }>(baseUrl, '/admin/commandes/fetch?size=1', adminCookie)).total
      : null;
    await server.stop();

    const json = reportJson({
      options,
      startedAt,
      loadAtStart,
      durationSeconds,
      warmupSeconds,
      loadSeconds,
      fixtures,
      stats,
      errorSamples,
      samples,
      idleRssMb: idle?.rssMb ?? null,
      serverLog,
      serverAlive,
      autocannonTotals: {
        requests: result.requests.total,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        resets: result.resets,
      },
      clientCpuSeconds: (clientCpu.user + clientCpu.system) / 1e6,
      ordersPlaced: ordersAfter === null ? null : ordersAfter - ordersBefore,
      connectionsNeverAnswered: connections.filter((c) => c.answered === 0).length,
      bareFastify,
    });
    const markdown = markdownOf(json);
    const files = await writeReport(json, markdown, options);
    log('');
    log(markdown);
    const shown = (file: string) => path.relative(process.env.INIT_CWD ?? process.cwd(), file);
    log(`Résultats : ${shown(files.json)}, ${shown(files.md)}`);
    return { pass: json.pass, failures: json.failures, files };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await server?.stop();
    if (scratch) await adminQuery(scratch.admin, `drop database if exists ${scratch.name}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
