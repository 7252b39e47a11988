// Orders placed while the SMTP server is down, the server killed (SIGKILL) right after, then the SMTP
// server and the shop started again: every order's mail arrives, once (docs/contract/e-mails.md, The
// outbox). Before the outbox, a mail that could not leave right after the order was logged and lost.
import fs from 'node:fs';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp-server';
import {
  createScratchDatabase,
  makeDataDir,
  seedShop,
  sleep,
  startServer,
  Traffic,
  type ScratchDatabase,
  type ServerProcess,
  type Shop,
} from './support';

const ORDERS = 40;
const SESSION_SECRET = 'secret-de-session-des-courriels-perdus-0123456789abcdef';

let scratch: ScratchDatabase;
let shop: Shop;
let dataDir: string;
let smtp: TestSmtpServer;
let server: ServerProcess | undefined;

beforeAll(async () => {
  scratch = await createScratchDatabase();
  shop = await seedShop(scratch.handle, SESSION_SECRET, { customers: 8, carriers: 1 });
  await scratch.sql.query(`update customers set email = lower(code) || '@client.example'`);
  dataDir = makeDataDir();
  smtp = await startSmtpServer();
  await smtp.close(); // down: its port refuses connections
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await scratch?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = () =>
  startServer({
    databaseUrl: scratch.url,
    dataDir,
    sessionSecret: SESSION_SECRET,
    env: { SMTP_URL: smtp.url, MAIL_POLL_SECONDS: '1' },
  });

it('delivers every order’s mail once after the SMTP server was down and the server killed', async () => {
  server = await start();
  const traffic = new Traffic(server.baseURL);
  const numbers: string[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const customer = shop.customers[i % shop.customers.length]!;
    const added = await traffic.request('POST', '/rest/panier/lignes', {
      cookie: customer.cookie,
      body: { codeArticle: shop.articleCodes[i % shop.articleCodes.length], quantite: 2 },
    });
    expect(added?.status).toBe(200);
    const placed = await traffic.request('POST', '/rest/panier/commande', {
      cookie: customer.cookie,
      body: { adresseId: customer.addressId, transporteurId: shop.carrierId, modeReglement: 'compte' },
    });
    expect(placed?.status).toBe(200);
    numbers.push((placed!.body as { numero: string }).numero);
  }
  // Killed once its first attempts have failed and been scheduled again: a mail claimed by a dead
  // server waits for its lease (5 min) instead, which mail.test.ts proves.
  for (let i = 0; i < 100; i++) {
    const { rows } = await scratch.sql.query<{ n: number }>(
      'select count(*)::int as n from mail_outbox where claimed_until is not null or attempts = 0',
    );
    if (rows[0]!.n === 0) break;
    await sleep(50);
  }
  await server.kill();
  server = undefined;
  const { rows: queued } = await scratch.sql.query<{ status: string; n: number }>(
    'select status, count(*)::int as n from mail_outbox group by status',
  );
  expect(queued).toEqual([{ status: 'pending', n: ORDERS }]);

  smtp = await startSmtpServer(smtp.port);
  server = await start();
  // Each mail is due 30 s after its failed attempt (the first retry); the restarted server sends it then.
  const deadline = Date.now() + 90_000;
  while (smtp.received.length < ORDERS && Date.now() < deadline) await sleep(500);
  const sent = smtp.received.map((mail) => mail.subject!.replace(/.* /, '')).sort();
  console.log(`courriels : ${ORDERS} commandes SMTP arrêté, serveur tué ; ${sent.length} reçus ensuite`);
  expect(sent).toEqual(numbers.sort());
  const { rows: done } = await scratch.sql.query<{ status: string; n: number }>(
    'select status, count(*)::int as n from mail_outbox group by status',
  );
  expect(done).toEqual([{ status: 'sent', n: ORDERS }]);
}, 180_000);
