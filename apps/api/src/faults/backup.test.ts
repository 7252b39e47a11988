// A backup taken while customers place orders, restored into an empty data folder (and, with
// TEST_DATABASE_URL, a new database), served again by a new server: every order completed before
// the backup started is there, each with all its lines and its export file for the ERP, and no order
// is there in part (docs/operations.md, Backups). The real processes: the server, `npm run backup`'s
// and `npm run restore`'s scripts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, queryRows } from '@comptoir/db/client';
import { postgresServerUrl } from '@comptoir/db/testing-postgres';
import { exportFileName, parseOrderExport } from '@comptoir/shared/orders/export-format';
import { sql } from 'drizzle-orm';
import { repoRoot, startServerProcess, type ServerProcess } from '../test/server-process';
import {
  createScratchDatabase,
  makeDataDir,
  randomInt,
  seedShop,
  sleep,
  Traffic,
  type Shop,
} from './support';

const SESSION_SECRET = 'secret-de-session-des-sauvegardes-0123456789abcdef';
/** Orders placed before the backup starts. */
const ORDERS_BEFORE = 12;

interface Cli {
  code: number | null;
  output: string;
}

/** `npm run backup` / `npm run restore` as the scripts run them (tsx), with `env` over the test's. */
function runCli(script: 'backup' | 'restore', args: string[], env: Record<string, string | undefined>) {
  return new Promise<Cli>((resolve) => {
    const merged: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: undefined, ...env };
    for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/api/src/cli/${script}.ts`, ...args], {
      cwd: repoRoot,
      env: merged,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('close', (code) => resolve({ code, output }));
  });
}

const serve = (dataDir: string, databaseUrl?: string) =>
  startServerProcess({
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      TEST_DATABASE_URL: undefined,
      DEMO_DATA: '0',
      SESSION_SECRET,
      ADMIN_PASSWORD: 'mot-de-passe-des-sauvegardes',
      LOG_LEVEL: 'error',
    },
  });

interface Placed {
  id: number;
  number: string;
  customer: number;
}

/**
 * Customers check out in a loop (on account: validated and exported at once) until the returned
 * function is called; `placed` grows as answers come.
 */
function placeOrders(server: ServerProcess, shop: Shop) {
  const traffic = new Traffic(server.baseURL);
  const placed: Placed[] = [];
  const problems: string[] = [];
  let stopping = false;
  const loop = async (index: number) => {
    const customer = shop.customers[index]!;
    for (let fill = 1; !stopping; fill++) {
      for (let n = randomInt(1, 3); n > 0; n--) {
        const codeArticle = shop.articleCodes[randomInt(0, shop.articleCodes.length - 1)]!;
        const added = await traffic.request('POST', '/rest/panier/lignes', {
          cookie: customer.cookie,
          body: { codeArticle, quantite: randomInt(1, 9) },
        });
        if (added?.status !== 200) problems.push(`ligne : ${added?.status}`);
      }
      const answer = await traffic.request('POST', '/rest/panier/commande', {
        cookie: customer.cookie,
        body: {
          adresseId: customer.addressId,
          transporteurId: shop.carrierId,
          modeReglement: 'compte',
          refClient: `s-c${index}-${fill}`,
        },
      });
      if (answer?.status !== 200) problems.push(`commande : ${answer?.status}`);
      else {
        const order = answer.body as { id: number; numero: string };
        placed.push({ id: order.id, number: order.numero, customer: index });
      }
    }
  };
  const loops = shop.customers.map((_, index) => loop(index));
  return {
    placed,
    traffic,
    stop: async () => {
      stopping = true;
      await Promise.all(loops);
      return problems;
    },
  };
}

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} : toujours pas après 60 s`);
    await sleep(20);
  }
}

type Query = <T>(text: string) => Promise<T[]>;

/** The orders of a database with their number of lines. */
async function ordersWithLines(query: Query): Promise<Map<number, { number: string; lines: number }>> {
  const rows = await query<{ id: string | number; number: string; lines: number }>(
    `select o.id, o.number, (select count(*)::int from order_lines l where l.order_id = o.id) as lines
       from orders o`,
  );
  return new Map(rows.map((row) => [Number(row.id), { number: row.number, lines: Number(row.lines) }]));
}

/**
 * The proof, whatever the database: load, backup during it, restore into `restored`, serve it, and
 * compare with the source.
 */
async function proveBackup(options: {
  source: { dataDir: string; databaseUrl?: string; query: () => Promise<Query>; done: () => Promise<void> };
  shop: Shop;
  restored: { dataDir: string; databaseUrl?: string; query: () => Promise<Query>; done: () => Promise<void> };
  archive: string;
}) {
  const { source, restored, shop, archive } = options;
  const server = await serve(source.dataDir, source.databaseUrl);
  const load = placeOrders(server, shop);
  let backup: Cli;
  let before: Placed[];
  let afterBackup: number;
  try {
    await until(() => load.placed.length >= ORDERS_BEFORE, `${ORDERS_BEFORE} commandes`);
    before = [...load.placed];
    backup = await runCli('backup', ['--out', archive], {
      DATA_DIR: source.dataDir,
      DATABASE_URL: source.databaseUrl,
    });
    afterBackup = load.placed.length;
    // A few more after it, which the backup cannot hold.
    await until(() => load.placed.length >= afterBackup + 3, 'commandes après la sauvegarde');
  } finally {
    const problems = await load.stop();
    await server.stop();
    expect(problems).toEqual([]);
  }
  expect(backup.output).toContain('Sauvegarde écrite');
  expect(backup.code).toBe(0);
  // The load went on while the backup ran.
  expect(afterBackup).toBeGreaterThan(before.length);
  expect(load.traffic.unclean).toEqual([]);

  const restore = await runCli('restore', [archive], {
    DATA_DIR: restored.dataDir,
    DATABASE_URL: restored.databaseUrl,
  });
  expect(restore.output).toContain('restaurée');
  expect(restore.code).toBe(0);
  // Refused the second time: the target is not empty any more.
  const again = await runCli('restore', [archive], {
    DATA_DIR: restored.dataDir,
    DATABASE_URL: restored.databaseUrl,
  });
  expect(again.code).not.toBe(0);
  expect(again.output).toContain("n'est pas vide");

  // The restored shop serves: each customer sees the orders placed before the backup.
  const second = await serve(restored.dataDir, restored.databaseUrl);
  try {
    const traffic = new Traffic(second.baseURL);
    for (const order of before) {
      const answer = await traffic.request('GET', `/rest/compte/mouvements/${order.id}`, {
        cookie: shop.customers[order.customer]!.cookie,
      });
      expect(answer?.status).toBe(200);
      const detail = answer!.body as { entete: { numero: string }; lignes: unknown[] };
      expect(detail.entete.numero).toBe(order.number);
      expect(detail.lignes.length).toBeGreaterThan(0);
    }
  } finally {
    await second.stop();
  }

  const sourceOrders = await ordersWithLines(await source.query());
  const restoredOrders = await ordersWithLines(await restored.query());
  await source.done();
  await restored.done();
  for (const order of before) expect(restoredOrders.has(order.id), order.number).toBe(true);
  // No order in part: each has every line it has in the source, and none is made up.
  for (const [id, order] of restoredOrders) {
    expect(sourceOrders.get(id), order.number).toEqual(order);
    expect(order.lines).toBeGreaterThan(0);
  }
  expect(restoredOrders.size).toBeLessThan(sourceOrders.size);
  console.log(
    `${before.length} commandes avant la sauvegarde, ${afterBackup - before.length} pendant, ` +
      `${restoredOrders.size} restaurées sur ${sourceOrders.size}`,
  );
  // Each restored order has its own export file; files of orders the backup does not hold were
  // set aside by the restored server's start.
  const exportsDir = path.join(restored.dataDir, 'files', 'exports');
  const files = fs.readdirSync(exportsDir).sort();
  expect(files).toEqual(
    [...restoredOrders.values()].map((order) => exportFileName({ numero: order.number })).sort(),
  );
  for (const [id, order] of restoredOrders) {
    const content = fs.readFileSync(path.join(exportsDir, exportFileName({ numero: order.number })), 'utf8');
    const parsed = parseOrderExport(content);
    expect(parsed.id).toBe(id);
    expect(parsed.lignes).toHaveLength(order.lines);
  }
}

/** A PGlite data folder's orders, read once the server that used it has stopped. */
async function pgliteQuery(dataDir: string) {
  const handle = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  const query: Query = (text) => queryRows(handle.db, sql.raw(text));
  return { query, close: () => handle.close() };
}

it('restores on PGlite every order completed before a backup taken under load', async () => {
  const sourceDir = makeDataDir();
  const restoredDir = path.join(makeDataDir(), 'restauree');
  const archive = path.join(makeDataDir(), 'sauvegarde.tar.gz');
  try {
    const seeding = await openDatabase({ dataDir: path.join(sourceDir, 'db') });
    await seeding.migrate();
    const shop = await seedShop(seeding, SESSION_SECRET, { customers: 6, carriers: 1 });
    await seeding.close();
    let closeSource = async () => {};
    let closeRestored = async () => {};
    await proveBackup({
      shop,
      archive,
      source: {
        dataDir: sourceDir,
        query: async () => {
          const opened = await pgliteQuery(sourceDir);
          closeSource = opened.close;
          return opened.query;
        },
        done: () => closeSource(),
      },
      restored: {
        dataDir: restoredDir,
        query: async () => {
          const opened = await pgliteQuery(restoredDir);
          closeRestored = opened.close;
          return opened.query;
        },
        done: () => closeRestored(),
      },
    });
    // Not a backup, or a cut one: refused, and the target left empty.
    const target = path.join(makeDataDir(), 'autre');
    fs.writeFileSync(`${archive}.coupee`, fs.readFileSync(archive).subarray(0, 100_000));
    for (const file of [path.join(repoRoot, 'package.json'), `${archive}.coupee`]) {
      const refused = await runCli('restore', [file], { DATA_DIR: target });
      expect(refused.code).not.toBe(0);
      expect(refused.output).toContain("n'est pas une sauvegarde Comptoir lisible");
      expect(fs.existsSync(target)).toBe(false);
    }
  } finally {
    for (const dir of [sourceDir, path.dirname(restoredDir), path.dirname(archive)])
      fs.rmSync(dir, { recursive: true, force: true });
  }
});

const withPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;

withPostgres('restores on PostgreSQL every order completed before a backup taken under load', async () => {
  const scratch = await createScratchDatabase();
  const target = `${scratch.name}_restauree`;
  const admin = new pg.Client({ connectionString: postgresServerUrl });
  await admin.connect();
  await admin.query(`create database ${target}`);
  const targetUrl = new URL(scratch.url);
  targetUrl.pathname = `/${target}`;
  const restoredPool = new pg.Pool({ connectionString: targetUrl.toString(), max: 1 });
  const sourceDir = makeDataDir();
  const restoredDir = path.join(makeDataDir(), 'restauree');
  const archive = path.join(makeDataDir(), 'sauvegarde.tar.gz');
  const poolQuery =
    (pool: pg.Pool): Query =>
    async <T>(text: string) =>
      (await pool.query(text)).rows as T[];
  try {
    const shop = await seedShop(scratch.handle, SESSION_SECRET, { customers: 6, carriers: 1 });
    await proveBackup({
      shop,
      archive,
      source: {
        dataDir: sourceDir,
        databaseUrl: scratch.url,
        query: async () => poolQuery(scratch.sql),
        done: async () => {},
      },
      restored: {
        dataDir: restoredDir,
        databaseUrl: targetUrl.toString(),
        query: async () => poolQuery(restoredPool),
        done: async () => {},
      },
    });
  } finally {
    await restoredPool.end();
    await admin.query(`drop database if exists ${target} with (force)`);
    await admin.end();
    await scratch.drop();
    for (const dir of [sourceDir, path.dirname(restoredDir), path.dirname(archive)])
      fs.rmSync(dir, { recursive: true, force: true });
  }
});
