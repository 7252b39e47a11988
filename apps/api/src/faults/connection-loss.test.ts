// Database connections ended while the shop works (docs/contract/errors.md: "A connection the
// database ends in the middle of a request…"). The real server runs on a scratch PostgreSQL
// database; customers check out, administrators move carriers and edit the fee schedule over
// HTTP, while every backend of the server is terminated again and again. Afterwards the server
// still answers, every failure was a clean 500 or a refusal, and nothing is half-written.
import fs from 'node:fs';
import path from 'node:path';
import type { Cart } from '@comptoir/shared/cart';
import { createBand, createSetting, createZone } from '../test/factories';
import {
  carrierPositions,
  checkExports,
  checkOrders,
  countLogLines,
  createScratchDatabase,
  makeDataDir,
  randomInt,
  seedShop,
  sleep,
  startServer,
  startTerminator,
  totalTerminated,
  Traffic,
  type ScratchDatabase,
  type ServerProcess,
  type Shop,
  type TerminatorReport,
} from './support';

const LOAD_MS = 25_000;
/** On a busy machine the load goes on (up to this) until enough carts were checked out to judge. */
const MAX_LOAD_MS = 90_000;
const ENOUGH_CARTS = 12;
/** Terminations every 100–400 ms; past LOAD_MS, every 400–1 200 ms, so that on a slow machine,
 * where a checkout outlasts the pause, checkouts still get through between the rounds. */
const TERMINATE_EVERY_MS: [number, number] = [100, 400];
const SLOWER_TERMINATE_EVERY_MS: [number, number] = [400, 1200];
const SESSION_SECRET = 'secret-de-session-des-pannes-de-connexion-0123456789';
const MODES = ['compte', 'carte', 'cheque'] as const;

let scratch: ScratchDatabase;
let server: ServerProcess;
let shop: Shop;
let dataDir: string;
const bands = { poids: 0, montant: 0 };
const zoneIds: number[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase();
  shop = await seedShop(scratch.handle, SESSION_SECRET, { customers: 4, carriers: 5 });
  zoneIds.push(shop.zoneId);
  for (let n = 0; n < 11; n++) zoneIds.push((await createZone(scratch.handle)).id);
  bands.poids = (await createBand(scratch.handle, { label: 'Dès 0 kg', feeType: 'poids' })).id;
  bands.montant = (await createBand(scratch.handle, { label: 'Dès 0 €', feeType: 'montant' })).id;
  await createSetting(scratch.handle, 'transport.typeForfait', 'poids');
  dataDir = makeDataDir();
  server = await startServer({ databaseUrl: scratch.url, dataDir, sessionSecret: SESSION_SECRET });
});

afterAll(async () => {
  await server?.stop();
  await scratch?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One cart filled and checked out, as the customer saw it. */
interface EmptiedCart {
  ref: string;
  /** The cart's lines when it was checked out: 'CODE×quantity', sorted. */
  lines: string[];
  /** The checkout's answer: 200, or 500 when the commit went through but the answer did not. */
  status: number | null;
}

const describeLines = (lines: { code: string; quantity: number }[]) =>
  lines.map((line) => `${line.code}×${Number(line.quantity)}`).sort();

it('keeps serving and writes nothing by halves while its connections are terminated', async () => {
  const traffic = new Traffic(server.baseURL);
  const problems: string[] = [];
  let stopped = false;
  let cartsEmptied = 0;

  async function customerLoop(customer: Shop['customers'][number], index: number): Promise<EmptiedCart[]> {
    const emptied: EmptiedCart[] = [];
    for (let fill = 1; !stopped && traffic.noAnswer.length === 0; fill++) {
      for (let n = randomInt(1, 3); n > 0; n--) {
        const codeArticle = shop.articleCodes[randomInt(0, shop.articleCodes.length - 1)]!;
        await traffic.request('POST', '/rest/panier/lignes', {
          cookie: customer.cookie,
          body: { codeArticle, quantite: randomInt(1, 5) },
        });
      }
      const before = await traffic.until200<Cart>('/rest/panier', customer.cookie);
      if (before.nbLignes === 0) continue;
      const ref = `c${index}-${fill}`;
      const modeReglement = MODES[fill % MODES.length]!;
      const answer = await traffic.request('POST', '/rest/panier/commande', {
        cookie: customer.cookie,
        body: {
          adresseId: customer.addressId,
          transporteurId: shop.carrierId,
          modeReglement,
          refClient: ref,
        },
      });
      const after = await traffic.until200<Cart>('/rest/panier', customer.cookie);
      if (after.nbLignes === 0) {
        cartsEmptied++;
        emptied.push({
          ref,
          lines: describeLines(before.lignes.map((l) => ({ code: l.codeArticle, quantity: l.quantite }))),
          status: answer?.status ?? null,
        });
      } else if (answer?.status === 200) {
        problems.push(`${ref} : commande acceptée mais panier non vidé`);
      }
    }
    return emptied;
  }

  async function carrierLoop() {
    const created: number[] = [];
    for (let n = 1; !stopped && traffic.noAnswer.length === 0; n++) {
      const list = await traffic.request('GET', '/service/transporteurs', { cookie: shop.admin });
      const carriers = list?.status === 200 ? (list.body as { id: number }[]) : [];
      const op = randomInt(1, 10);
      if (op <= 6 && carriers.length > 0) {
        const { id } = carriers[randomInt(0, carriers.length - 1)]!;
        await traffic.request('POST', `/service/transporteur/${id}/position`, {
          cookie: shop.admin,
          body: { direction: op % 2 ? 'up' : 'down' },
        });
      } else if (op <= 8 || created.length === 0) {
        const answer = await traffic.request('POST', '/service/transporteur', {
          cookie: shop.admin,
          body: { nom: `Navette ${n}`, etat: false },
        });
        if (answer?.status === 200) created.push((answer.body as { id: number }).id);
      } else {
        await traffic.request('DELETE', `/service/transporteur/${created.pop()}`, { cookie: shop.admin });
      }
    }
  }

  async function feeLoop() {
    while (!stopped && traffic.noAnswer.length === 0) {
      const { typeForfait } = await traffic.until200<{ typeForfait: 'poids' | 'montant' }>(
        '/service/typeForfaitTransport',
        shop.admin,
      );
      const op = randomInt(1, 20);
      if (op <= 2) {
        await traffic.request('POST', '/service/setTypeForfaitTransport', {
          cookie: shop.admin,
          body: { typeForfait: typeForfait === 'poids' ? 'montant' : 'poids' },
        });
      } else if (op === 3) {
        await traffic.request('DELETE', '/service/resetForfaitTransport', { cookie: shop.admin });
      } else {
        await traffic.request('POST', '/service/forfaitTransport', {
          cookie: shop.admin,
          body: {
            tranche: { id: bands[typeForfait] },
            montant: randomInt(5, 40),
            zone: { id: zoneIds[randomInt(0, zoneIds.length - 1)] },
          },
        });
      }
    }
  }

  const terminator = startTerminator(scratch.name, TERMINATE_EVERY_MS);
  const work = Promise.all([
    Promise.all(shop.customers.map((customer, index) => customerLoop(customer, index))),
    carrierLoop(),
    feeLoop(),
  ]);
  let terminated: TerminatorReport;
  const loadStart = Date.now();
  let loadMs: number;
  let slowedAfterS: number | null = null;
  try {
    // A loop that fails (a request left unanswered) ends the load at once.
    let workEnded = false;
    void work.finally(() => (workEnded = true)).catch(() => {});
    await Promise.race([sleep(LOAD_MS), work]);
    if (cartsEmptied < ENOUGH_CARTS) {
      terminator.pace(SLOWER_TERMINATE_EVERY_MS);
      slowedAfterS = (Date.now() - loadStart) / 1000;
    }
    while (!workEnded && cartsEmptied < ENOUGH_CARTS && Date.now() - loadStart < MAX_LOAD_MS)
      await Promise.race([sleep(500), work]);
  } finally {
    loadMs = Date.now() - loadStart;
    terminated = await terminator.stop();
    stopped = true;
  }
  const [emptiedCarts] = await work;

  // The server lived through it and serves normally again.
  expect(server.alive()).toBe(true);
  expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
  for (const customer of shop.customers) {
    await traffic.request('POST', '/rest/panier/lignes', {
      cookie: customer.cookie,
      body: { codeArticle: shop.articleCodes[0], quantite: 1 },
    });
    const placed = await traffic.request('POST', '/rest/panier/commande', {
      cookie: customer.cookie,
      body: { adresseId: customer.addressId, transporteurId: shop.carrierId, modeReglement: 'compte' },
    });
    expect(placed?.status).toBe(200);
  }

  const orders = await checkOrders(scratch.sql);
  const exportsDir = path.join(dataDir, 'files', 'exports');
  // A file whose writer lost its connection after the order's commit stays pending: a restart's (or
  // the next periodic) reconciliation places it.
  const { rows: pendingRows } = await scratch.sql.query<{ n: number }>(
    'select count(*)::int as n from orders where export_file_pending',
  );
  const beforeRestart = await checkExports(scratch.sql, exportsDir);
  const logged = countLogLines(server.output());
  await server.stop();
  server = await startServer({ databaseUrl: scratch.url, dataDir, sessionSecret: SESSION_SECRET });
  const exports = await checkExports(scratch.sql, exportsDir);
  const placedByRef = new Map(emptiedCarts.flat().map((cart) => [cart.ref, cart]));
  const { rows: storedOrders } = await scratch.sql.query<{ ref: string | null; lines: string[] }>(
    `select o.customer_reference as ref,
            array_agg(l.article_code || '×' || trim_scale(l.quantity)::text order by l.article_code, l.quantity) as lines
       from orders o join order_lines l on l.order_id = o.id
      group by o.id`,
  );
  const { rows: foreignFees } = await scratch.sql.query<{ n: number }>(
    `select count(*)::int as n from shipping_fees f join bands b on b.id = f.band_id
      where b.fee_type <> (select value #>> '{}' from settings where key = 'transport.typeForfait')`,
  );

  const figures = {
    durationS: loadMs / 1000,
    requests: traffic.summary(),
    terminationRounds: terminated.rounds,
    terminatedBackends: totalTerminated(terminated),
    terminatedByState: terminated.terminated,
    errors500: traffic.count(500),
    logged500: logged.errors,
    lostConnectionsLogged: logged.lostConnections,
    refusals: Object.fromEntries(traffic.clientErrors),
    cartsEmptied: placedByRef.size,
    slowerTerminationsAfterS: slowedAfterS,
    committedButAnswered500: emptiedCarts.flat().filter((cart) => cart.status !== 200).length,
    orders: orders.orders,
    orderLines: orders.lines,
    validatedOrders: exports.validated,
    pendingFilesAfterLoad: pendingRows[0]!.n,
    missingFilesBeforeRestart: beforeRestart.missing.length,
    exportFilesAfterRestart: exports.withFile,
    ghostExportFiles: exports.ghosts,
    temporaryFiles: exports.temporaries.length,
    carriers: (await carrierPositions(scratch.sql)).length,
  };
  console.log('pannes de connexion :', JSON.stringify(figures, null, 2));

  // The load really ran into terminated connections, mid-request.
  expect(terminated.rounds).toBeGreaterThan(20);
  expect(totalTerminated(terminated)).toBeGreaterThan(20);
  expect(traffic.count(500)).toBeGreaterThan(0);
  expect(placedByRef.size).toBeGreaterThan(10);
  // Every failure was a clean answer, and the server never hung up on a request.
  expect(traffic.unclean).toEqual([]);
  expect(traffic.noAnswer).toEqual([]);
  expect([...traffic.clientErrors.keys()].filter((key) => /^40[13] /.test(key))).toEqual([]);
  expect(problems).toEqual([]);
  // Nothing half-written.
  expect(orders.withoutLines).toEqual([]);
  expect(orders.amountsOff).toEqual([]);
  expect(orders.positionsOff).toEqual([]);
  expect(orders.duplicateReferences).toEqual([]);
  const withRef = storedOrders.filter((order) => order.ref !== null);
  expect(withRef.map((order) => order.ref).sort()).toEqual([...placedByRef.keys()].sort());
  for (const order of withRef)
    expect(order.lines.sort(), order.ref!).toEqual(placedByRef.get(order.ref!)!.lines);
  expect(storedOrders.length - withRef.length).toBe(shop.customers.length);
  const positions = await carrierPositions(scratch.sql);
  expect(positions).toEqual(positions.map((_, index) => index + 1));
  expect(foreignFees[0]!.n).toBe(0);
  expect(exports.missing).toEqual([]);
  expect(exports.withFile).toBe(exports.validated);
  expect(exports.stale).toEqual([]);
  // Files are placed only after their order's commit: none belongs to an order that does not exist.
  expect(beforeRestart.ghosts).toEqual([]);
  expect(exports.ghosts).toEqual([]);
  expect(exports.temporaries).toEqual([]);
}, 180_000);
