// The server killed (SIGKILL: a crash, the OOM killer, a pulled plug) in the middle of checkouts
// and order exports, then started again on the same database and data folder. No order is left
// without its lines, no cart becomes two orders, no cart is emptied without its order, every
// validated order has its export file for the ERP (the startup reconciliation places the ones a kill
// left pending) and no file exists for an order that does not.
import fs from 'node:fs';
import path from 'node:path';
import { CART_MESSAGES, type Cart } from '@comptoir/shared/cart';
import {
  checkExports,
  checkOrders,
  createScratchDatabase,
  makeDataDir,
  randomInt,
  seedShop,
  sleep,
  startServer,
  TEST_APPLICATION_NAME,
  Traffic,
  type ScratchDatabase,
  type ServerProcess,
  type Shop,
} from './support';

const ROUNDS = 4;
const SESSION_SECRET = 'secret-de-session-des-arrets-brutaux-0123456789abcdef';

let scratch: ScratchDatabase;
let shop: Shop;
let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  scratch = await createScratchDatabase();
  shop = await seedShop(scratch.handle, SESSION_SECRET, { customers: 8, carriers: 2 });
  dataDir = makeDataDir();
});

afterAll(async () => {
  await server?.stop();
  await scratch?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = () => startServer({ databaseUrl: scratch.url, dataDir, sessionSecret: SESSION_SECRET });

interface KillReport {
  round: number;
  requestsSent: number;
  ordersPlaced: number;
  reexports: number;
  /** Requests sent and not answered when the signal left. */
  inFlight: number;
  /** The server's database sessions inside a transaction, and running a statement, just before. */
  openTransactions: number;
  activeStatements: number;
}

it('loses no order and no export when killed in the middle of checkouts and exports', async () => {
  const kills: KillReport[] = [];
  /** The fill of each customer's cart that was being checked out when the server died. */
  const interrupted = new Map<number, string>();
  const validated: number[] = [];
  const problems: string[] = [];
  /** Interrupted checkouts found committed (the answer was lost) and rolled back. */
  const interruptedOutcome = { committed: 0, rolledBack: 0 };

  /** After a restart: a cart whose checkout was cut is empty exactly when its order exists. */
  async function checkInterruptedCarts(traffic: Traffic) {
    for (const [index, ref] of interrupted) {
      const customer = shop.customers[index]!;
      const cart = await traffic.until200<Cart>('/rest/panier', customer.cookie);
      const { rows } = await scratch.sql.query<{ n: number }>(
        'select count(*)::int as n from orders where customer_reference = $1',
        [ref],
      );
      const orders = rows[0]!.n;
      if (orders > 1) problems.push(`${ref} : ${orders} commandes pour un seul panier`);
      if (orders === 1 && cart.nbLignes > 0) problems.push(`${ref} : commande passée, panier non vidé`);
      if (orders === 0 && cart.nbLignes === 0) problems.push(`${ref} : panier vidé sans sa commande`);
      interruptedOutcome[orders === 0 ? 'rolledBack' : 'committed']++;
    }
    interrupted.clear();
  }

  for (let round = 1; round <= ROUNDS; round++) {
    server = await start();
    const traffic = new Traffic(server.baseURL);
    await checkInterruptedCarts(traffic);
    let dead = false;
    let ordersPlaced = 0;
    let reexports = 0;

    const customerLoop = async (index: number) => {
      const customer = shop.customers[index]!;
      for (let fill = 1; !dead; fill++) {
        for (let n = randomInt(1, 2); n > 0; n--) {
          const codeArticle = shop.articleCodes[randomInt(0, shop.articleCodes.length - 1)]!;
          const added = await traffic.request('POST', '/rest/panier/lignes', {
            cookie: customer.cookie,
            body: { codeArticle, quantite: randomInt(1, 9) },
          });
          if (!added) return;
        }
        const ref = `k${round}-c${index}-${fill}`;
        // On account: placed validated and exported at once. A card order waits (ATT) for the provider's
        // page, whose settling is proven by the payments tests.
        const modeReglement = 'compte';
        const body = {
          adresseId: customer.addressId,
          transporteurId: shop.carrierId,
          modeReglement,
          refClient: ref,
        };
        interrupted.set(index, ref);
        // A double-click: two checkouts of one cart at once.
        const answers = await Promise.all(
          [1, 2].map(() =>
            traffic.request('POST', '/rest/panier/commande', { cookie: customer.cookie, body }),
          ),
        );
        if (answers.some((answer) => answer === null)) return;
        interrupted.delete(index);
        const placed = answers.filter((answer) => answer!.status === 200);
        const refused = answers.filter(
          (answer) =>
            answer!.status === 400 &&
            (answer!.body as { message: string }).message === CART_MESSAGES.emptyCart,
        );
        if (placed.length !== 1 || refused.length !== 1)
          problems.push(`${ref} : ${answers.map((answer) => answer!.status).join(', ')}`);
        for (const answer of placed) {
          ordersPlaced++;
          // A card order waits (ATT) for the provider's page: only an order on account is exported now.
          const order = answer!.body as { id: number; typePanier: string };
          if (order.typePanier === 'TER' || order.typePanier === 'VAL') validated.push(order.id);
        }
      }
    };

    const exportLoop = async () => {
      while (!dead) {
        if (validated.length === 0) {
          await sleep(20);
          continue;
        }
        const id = validated[randomInt(0, validated.length - 1)]!;
        const reexport = Math.random() < 0.7;
        const answer = await traffic.request('POST', '/openweb/admin/admin_commandeEdite', {
          cookie: shop.admin,
          body: { id, action: 'EXPORT', valide: '1', ...(reexport && { export: '1' }) },
        });
        if (!answer) return;
        if (answer.status !== 200) problems.push(`export de ${id} : ${answer.status}`);
        else if (reexport) reexports++;
      }
    };

    const loops = [...shop.customers.map((_, index) => customerLoop(index)), exportLoop(), exportLoop()];
    // Kill once the load has run a while and requests are in flight, at a random moment.
    // On a busy machine, not before the round has placed an order (so that each kill lands in work).
    const killAfter = Date.now() + randomInt(1_500, 3_500);
    const giveUp = Date.now() + 60_000;
    while (Date.now() < killAfter || traffic.inFlight < 4 || ordersPlaced === 0) {
      if (!server.alive()) throw new Error(`Le serveur s'est arrêté seul :\n${server.output()}`);
      if (Date.now() > giveUp) throw new Error(`Aucune commande passée en 60 s :\n${traffic.summary()}`);
      await sleep(randomInt(1, 15));
    }
    const { rows } = await scratch.sql.query<{ in_tx: number; active: number }>(
      `select count(*) filter (where xact_start is not null)::int as in_tx,
              count(*) filter (where state = 'active')::int as active
         from pg_stat_activity where datname = $1 and application_name <> $2`,
      [scratch.name, TEST_APPLICATION_NAME],
    );
    const inFlight = traffic.inFlight;
    // Nothing failed for want of an answer before the kill.
    expect(traffic.noAnswer).toEqual([]);
    const killed = server.kill();
    dead = true;
    expect(await killed).toEqual({ code: null, signal: 'SIGKILL' });
    await Promise.all(loops);
    kills.push({
      round,
      requestsSent: traffic.sent,
      ordersPlaced,
      reexports,
      inFlight,
      openTransactions: rows[0]!.in_tx,
      activeStatements: rows[0]!.active,
    });
    expect(traffic.unclean).toEqual([]);
    await serverSessionsGone(scratch);
  }

  // Orders committed whose file the kill left unplaced (between the commit and the rename).
  const { rows: pendingRows } = await scratch.sql.query<{ n: number }>(
    'select count(*)::int as n from orders where export_file_pending',
  );
  const exportsDir = path.join(dataDir, 'files', 'exports');
  const beforeRestart = await checkExports(scratch.sql, exportsDir);

  // Started again on the same database and data folder: it serves, and the data is whole.
  server = await start();
  const traffic = new Traffic(server.baseURL);
  expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
  await checkInterruptedCarts(traffic);

  const orders = await checkOrders(scratch.sql);
  // The startup reconciliation has placed the pending files and removed the leftovers.
  const exports = await checkExports(scratch.sql, exportsDir);

  const figures = {
    kills,
    requestsSent: kills.reduce((sum, kill) => sum + kill.requestsSent, 0),
    inFlightAtKills: kills.reduce((sum, kill) => sum + kill.inFlight, 0),
    orders: orders.orders,
    orderLines: orders.lines,
    validatedOrders: exports.validated,
    exportFilesOnDisk: exports.withFile,
    /** Before the restart: files the kills left unplaced (pending in the database) and cut short. */
    pendingFilesAtKills: pendingRows[0]!.n,
    missingBeforeRestart: beforeRestart.missing.length,
    temporaryFilesBeforeRestart: beforeRestart.temporaries.length,
    /** After: none of them is left. */
    missingAfterRestart: exports.missing.length,
    ghostExportFiles: exports.ghosts,
    temporaryFilesLeft: exports.temporaries.length,
    interruptedCheckouts: interruptedOutcome,
  };
  console.log('arrêts brutaux :', JSON.stringify(figures, null, 2));

  // Each kill landed in the middle of work.
  for (const kill of kills) {
    expect(kill.inFlight, `arrêt ${kill.round}`).toBeGreaterThan(0);
    expect(kill.ordersPlaced, `arrêt ${kill.round}`).toBeGreaterThan(0);
  }
  expect(kills.some((kill) => kill.openTransactions > 0)).toBe(true);
  expect(problems).toEqual([]);
  expect(interruptedOutcome.committed + interruptedOutcome.rolledBack).toBeGreaterThan(0);
  expect(orders.withoutLines).toEqual([]);
  expect(orders.amountsOff).toEqual([]);
  expect(orders.positionsOff).toEqual([]);
  expect(orders.duplicateReferences).toEqual([]);
  expect(exports.stale).toEqual([]);
  // Every validated order has its own file, and no file belongs to an order that does not exist.
  expect(exports.validated).toBe(orders.orders);
  expect(exports.missing).toEqual([]);
  expect(exports.withFile).toBe(exports.validated);
  expect(exports.ghosts).toEqual([]);
  expect(exports.temporaries).toEqual([]);
}, 300_000);

/** Waits until PostgreSQL has noticed that the killed server's connections are gone. */
async function serverSessionsGone(database: ScratchDatabase) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { rows } = await database.sql.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1 and application_name <> $2',
      [database.name, TEST_APPLICATION_NAME],
    );
    if (rows[0]!.n === 0) return;
    await sleep(50);
  }
  throw new Error('Les connexions du serveur tué sont toujours ouvertes');
}
