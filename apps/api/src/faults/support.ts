// Tools of the fault proofs: a scratch PostgreSQL database, the real server as a child process, an
// HTTP client that tallies every answer, a loop that ends the server's database connections, and
// the checks an operator would run on the data afterwards.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseHandle } from '@comptoir/db/client';
import { sessions, users } from '@comptoir/db/schema';
import { postgresServerUrl } from '@comptoir/db/testing-postgres';
import { exportFileName, parseOrderExport } from '@comptoir/shared/orders/export-format';
import { SESSION_COOKIE, SESSION_DURATION_MS } from '../sessions/cookies';
import { sessionId } from '../sessions/sessions';
import {
  createArticle,
  createCarrier,
  createCustomer,
  createDeliveryAddress,
  createZone,
  type HasDb,
} from '../test/factories';
import { startServerProcess, type ServerProcess } from '../test/server-process';

/** The test's own connections: the terminator spares them, so that only the server loses its own. */
export const TEST_APPLICATION_NAME = 'comptoir-faults';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

// ---------------------------------------------------------------- scratch database

export interface ScratchDatabase {
  name: string;
  /** What the server gets as DATABASE_URL. */
  url: string;
  /** Migrated; for the factories (the test's application name). */
  handle: DatabaseHandle;
  /** Plain SQL for the checks (the test's application name). */
  sql: pg.Pool;
  drop(): Promise<void>;
}

export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const name = `comptoir_faults_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresServerUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresServerUrl);
  url.pathname = `/${name}`;
  const own = new URL(url);
  own.searchParams.set('application_name', TEST_APPLICATION_NAME);
  const handle = await openDatabase({ databaseUrl: own.toString() });
  await handle.migrate();
  const sql = new pg.Pool({ connectionString: own.toString(), max: 2 });
  sql.on('error', () => {}); // an idle connection closed by the drop below
  return {
    name,
    url: url.toString(),
    handle,
    sql,
    drop: async () => {
      await handle.close();
      await sql.end();
      const dropper = new pg.Client({ connectionString: postgresServerUrl });
      await dropper.connect();
      // Every connection left on this database is this test's or its server's.
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

// ---------------------------------------------------------------- accounts

/** An account of `customerCode` (or an administrator) and the cookie of a session opened for it. */
export async function accountWithSession(
  db: Database,
  sessionSecret: string,
  customerCode: string | null,
): Promise<{ userId: number; cookie: string }> {
  const [user] = await db
    .insert(users)
    .values({
      login: `faults-${randomBytes(4).toString('hex')}`,
      // Nobody logs in with a password here: the session is opened directly below.
      passwordHash: 'non utilisé',
      role: customerCode ? 'client' : 'admin',
      customerCode,
    })
    .returning();
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: sessionId(token, sessionSecret),
    userId: user!.id,
    expiresAt: new Date(Date.now() + SESSION_DURATION_MS),
  });
  return { userId: user!.id, cookie: `${SESSION_COOKIE}=${token}` };
}

export interface Shop {
  zoneId: number;
  articleCodes: string[];
  /** The carrier every checkout uses (position 1); the others are there to be moved. */
  carrierId: number;
  customers: { code: string; cookie: string; addressId: number }[];
  admin: string;
}

/** A small shop: articles, `carriers` carriers at positions 1..n, professional customers with an address and a session. */
export async function seedShop(
  host: HasDb,
  sessionSecret: string,
  counts: { customers: number; carriers: number },
): Promise<Shop> {
  const zoneId = (await createZone(host, { label: 'Rhône' })).id;
  const articleCodes: string[] = [];
  for (const [code, designation1, priceHt] of [
    ['CIM35', 'Ciment 35 kg', 9.99],
    ['PARP20', 'Parpaing 20 x 20 x 50', 1.37],
    ['SAB', 'Sable 0/4 big bag', 48.5],
    ['TREIL', 'Treillis soudé 2,40 x 6 m', 23.15],
  ] as const) {
    await createArticle(host, { code, designation1, priceHt });
    articleCodes.push(code);
  }
  let carrierId = 0;
  for (let position = 1; position <= counts.carriers; position++) {
    // The first a pickup: the checkouts need no fee schedule (a carrier no fee prices is not offered).
    const carrier = await createCarrier(host, {
      name: `Transporteur ${position}`,
      position,
      pickup: position === 1,
    });
    if (position === 1) carrierId = carrier.id;
  }
  const customers: Shop['customers'] = [];
  for (let n = 0; n < counts.customers; n++) {
    const customer = await createCustomer(host, { isProfessional: true, name: `Client ${n + 1}` });
    const address = await createDeliveryAddress(host, { customerCode: customer.code, zoneId });
    const { cookie } = await accountWithSession(host.db, sessionSecret, customer.code);
    customers.push({ code: customer.code, cookie, addressId: address.id });
  }
  const { cookie: admin } = await accountWithSession(host.db, sessionSecret, null);
  return { zoneId, articleCodes, carrierId, customers, admin };
}

// ---------------------------------------------------------------- the server process

export type { ServerProcess } from '../test/server-process';

/** The server on the scratch database, its output kept (the proofs count its error lines). */
export function startServer(options: {
  databaseUrl: string;
  dataDir: string;
  sessionSecret: string;
  /** More environment variables (e.g. IMPORT_POLL_MS). */
  env?: NodeJS.ProcessEnv;
}): Promise<ServerProcess> {
  return startServerProcess({
    env: {
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      TEST_DATABASE_URL: undefined,
      DEMO_DATA: '0',
      SESSION_SECRET: options.sessionSecret,
      ADMIN_PASSWORD: 'mot-de-passe-des-pannes',
      // Errors only: each 500 is logged once, which the proofs count.
      LOG_LEVEL: 'error',
      ...options.env,
    },
  });
}

export function makeDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-faults-'));
}

// ---------------------------------------------------------------- HTTP with tallies

export interface Answer {
  status: number;
  body: unknown;
}

const ANSWER_TIMEOUT_MS = 15_000;

/**
 * Sends requests and counts what came back. An answer is unclean when it is a 5xx other than
 * 500 { message: 'Erreur critique' }, or a 500 that says anything else; a request that got no
 * answer at all (connection reset, or nothing within 15 s) is counted apart: the server must never
 * do that while alive.
 */
export class Traffic {
  sent = 0;
  inFlight = 0;
  readonly byStatus = new Map<number, number>();
  readonly clientErrors = new Map<string, number>();
  readonly unclean: string[] = [];
  readonly noAnswer: string[] = [];

  constructor(private baseURL: string) {}

  count(status: number): number {
    return this.byStatus.get(status) ?? 0;
  }

  async request(
    method: string,
    url: string,
    options: { cookie?: string; body?: unknown } = {},
  ): Promise<Answer | null> {
    this.sent++;
    this.inFlight++;
    try {
      let response: Response;
      try {
        response = await fetch(this.baseURL + url, {
          method,
          headers: {
            ...(options.cookie && { cookie: options.cookie }),
            ...(options.body !== undefined && { 'content-type': 'application/json' }),
          },
          ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
          // A request the server leaves hanging counts as unanswered, rather than stalling the proof.
          signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
        });
      } catch (error) {
        this.noAnswer.push(`${method} ${url}: ${(error as Error).cause ?? (error as Error).message}`);
        return null;
      }
      const text = await response.text().catch(() => null);
      if (text === null) {
        this.noAnswer.push(`${method} ${url}: answer cut off after status ${response.status}`);
        return null;
      }
      const json = response.headers.get('content-type')?.includes('application/json');
      const body: unknown = json ? JSON.parse(text) : text;
      this.byStatus.set(response.status, this.count(response.status) + 1);
      if (response.status >= 500) {
        const clean = response.status === 500 && JSON.stringify(body) === '{"message":"Erreur critique"}';
        if (!clean) this.unclean.push(`${method} ${url} → ${response.status} ${text.slice(0, 200)}`);
      } else if (response.status >= 400) {
        const key = `${response.status} ${(body as { message?: string })?.message ?? text.slice(0, 80)}`;
        this.clientErrors.set(key, (this.clientErrors.get(key) ?? 0) + 1);
      }
      return { status: response.status, body };
    } finally {
      this.inFlight--;
    }
  }

  /** Repeats a read until it answers 200 (connections keep being ended around it). */
  async until200<T>(url: string, cookie: string): Promise<T> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const answer = await this.request('GET', url, { cookie });
      if (!answer) throw new Error(`GET ${url} : pas de réponse (${this.noAnswer.at(-1)})`);
      if (answer.status === 200) return answer.body as T;
      await sleep(20);
    }
    throw new Error(`GET ${url} n'a jamais répondu 200`);
  }

  summary(): string {
    const statuses = [...this.byStatus.entries()].sort(([a], [b]) => a - b);
    return `${this.sent} requêtes : ${statuses.map(([status, n]) => `${n} × ${status}`).join(', ')}`;
  }
}

// ---------------------------------------------------------------- ending the server's connections

export interface TerminatorReport {
  rounds: number;
  /** Backends ended, by their state at that moment (active, idle in transaction, idle…). */
  terminated: Record<string, number>;
}

/**
 * Every `everyMs` (a random pause in the range), ends every backend of database `name` but the
 * test's own, as a restart or an administrator would.
 */
export function startTerminator(name: string, initialEveryMs: [number, number]) {
  const report: TerminatorReport = { rounds: 0, terminated: {} };
  let stopping = false;
  let everyMs = initialEveryMs;
  const running = (async () => {
    const client = new pg.Client({
      connectionString: postgresServerUrl,
      application_name: TEST_APPLICATION_NAME,
    });
    await client.connect();
    try {
      while (!stopping) {
        await sleep(randomInt(...everyMs));
        if (stopping) break;
        const { rows } = await client.query<{ state: string | null; ended: boolean }>(
          `select coalesce(state, 'inconnu') as state, pg_terminate_backend(pid) as ended
             from pg_stat_activity
            where datname = $1 and pid <> pg_backend_pid() and application_name <> $2`,
          [name, TEST_APPLICATION_NAME],
        );
        report.rounds++;
        for (const row of rows)
          if (row.ended) report.terminated[row.state!] = (report.terminated[row.state!] ?? 0) + 1;
      }
    } finally {
      await client.end();
    }
  })();
  return {
    report,
    /** Changes the pause between rounds from the next round on. */
    pace: (newEveryMs: [number, number]) => {
      everyMs = newEveryMs;
    },
    stop: async (): Promise<TerminatorReport> => {
      stopping = true;
      await running;
      return report;
    },
  };
}

export const totalTerminated = (report: TerminatorReport) =>
  Object.values(report.terminated).reduce((sum, n) => sum + n, 0);

// ---------------------------------------------------------------- what an operator would check

export interface OrderChecks {
  orders: number;
  lines: number;
  /** Numbers of orders without any line. */
  withoutLines: string[];
  /** Orders whose lines and shipping fee do not add up to their HT amount, or HT + VAT to TTC. */
  amountsOff: string[];
  /** Orders whose line positions are not 1..n. */
  positionsOff: string[];
  /** Customer references carried by more than one order. */
  duplicateReferences: string[];
}

export async function checkOrders(sql: pg.Pool): Promise<OrderChecks> {
  const one = async <T extends pg.QueryResultRow>(text: string) => (await sql.query<T>(text)).rows;
  const [counts] = await one<{ orders: number; lines: number }>(
    `select (select count(*)::int from orders) as orders, (select count(*)::int from order_lines) as lines`,
  );
  const withoutLines = await one<{ number: string }>(
    `select number from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)`,
  );
  const amountsOff = await one<{ number: string }>(
    `select o.number from orders o join order_lines l on l.order_id = o.id
      group by o.id
     having o.amount_ht <> sum(l.amount_ht) + o.shipping_fee or o.amount_ttc <> o.amount_ht + o.amount_vat`,
  );
  const positionsOff = await one<{ number: string }>(
    `select o.number from orders o join order_lines l on l.order_id = o.id
      group by o.id
     having min(l.position) <> 1 or max(l.position) <> count(*) or count(distinct l.position) <> count(*)`,
  );
  const duplicateReferences = await one<{ ref: string }>(
    `select customer_reference as ref from orders where customer_reference is not null
      group by customer_reference having count(*) > 1`,
  );
  return {
    orders: counts!.orders,
    lines: counts!.lines,
    withoutLines: withoutLines.map((row) => row.number),
    amountsOff: amountsOff.map((row) => row.number),
    positionsOff: positionsOff.map((row) => row.number),
    duplicateReferences: duplicateReferences.map((row) => row.ref),
  };
}

/** The carriers' positions in order: 1..n when the moves and deletes kept them. */
export async function carrierPositions(sql: pg.Pool): Promise<number[]> {
  const { rows } = await sql.query<{ position: number }>('select position from carriers order by position');
  return rows.map((row) => row.position);
}

export interface ExportChecks {
  /** TER and VAL orders. */
  validated: number;
  /** ...whose file is on disk, is theirs, and is not older than what the database recorded. */
  withFile: number;
  /** ...without a file of theirs on disk (the download action must then write it). */
  missing: { id: number; number: string }[];
  /**
   * Files that belong to no committed order: the order id they carry, and whether that id is an
   * order of the database (under another number) after all.
   */
  ghosts: { file: string; id: number; idCommitted: boolean }[];
  /** Files whose export sequence is behind the order's recorded one. */
  stale: string[];
  /** Temporary files left by a write that never finished. */
  temporaries: string[];
}

export async function checkExports(sql: pg.Pool, exportsDir: string): Promise<ExportChecks> {
  const { rows } = await sql.query<{ id: string; number: string; cart_type: string; reexport_count: number }>(
    'select id, number, cart_type, reexport_count from orders',
  );
  const byFile = new Map(rows.map((row) => [exportFileName({ numero: row.number }), row]));
  const ids = new Set(rows.map((row) => Number(row.id)));
  const names = fs.existsSync(exportsDir) ? fs.readdirSync(exportsDir) : [];
  const result: ExportChecks = {
    validated: 0,
    withFile: 0,
    missing: [],
    ghosts: [],
    stale: [],
    temporaries: names.filter((name) => name.endsWith('.tmp')),
  };
  const fileOwners = new Map<string, { id: number; sequence: number }>();
  for (const name of names.filter((n) => !n.endsWith('.tmp'))) {
    const parsed = parseOrderExport(fs.readFileSync(path.join(exportsDir, name), 'utf8'));
    fileOwners.set(name, { id: parsed.id, sequence: parsed.sequenceExport });
    const order = byFile.get(name);
    if (!order || Number(order.id) !== parsed.id)
      result.ghosts.push({ file: name, id: parsed.id, idCommitted: ids.has(parsed.id) });
  }
  for (const order of rows) {
    if (order.cart_type !== 'TER' && order.cart_type !== 'VAL') continue;
    result.validated++;
    const name = exportFileName({ numero: order.number });
    const file = fileOwners.get(name);
    if (!file || file.id !== Number(order.id)) {
      result.missing.push({ id: Number(order.id), number: order.number });
      continue;
    }
    if (file.sequence < order.reexport_count) result.stale.push(name);
    result.withFile++;
  }
  return result;
}

/** Counts the lines a server printed: pino's error lines (each 500 logs one) and lost connections. */
export function countLogLines(output: string) {
  const lines = output.split('\n');
  return {
    errors: lines.filter((line) => line.includes('"level":50')).length,
    lostConnections: lines.filter((line) => line.includes('PostgreSQL : connexion perdue')).length,
  };
}
