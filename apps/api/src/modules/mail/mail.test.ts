// The mails leave through a real SMTP server started by the test (test/smtp-server.ts), or are written as
// .eml files when no SMTP_URL is set. They are queued in the outbox in the transaction that caused them
// and sent from there (docs/contract/e-mails.md): the tests drain the outbox and move the sender's clock.
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { openDatabase, type DatabaseHandle } from '@comptoir/db/client';
import { mailOutbox } from '@comptoir/db/schema';
import { createTestDatabase } from '@comptoir/db/testing';
import { MAIL_HOME_WARNINGS } from '@comptoir/shared/admin-home';
import {
  createArticle,
  createCarrier,
  createCustomer,
  createDeliveryAddress,
  createZone,
} from '../../test/factories';
import {
  buildTestApp,
  createAdmin,
  createCustomerUser,
  loginAs,
  type App,
  type TestAppOptions,
} from '../../test/helpers';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { createMailSender, MAIL_RETRY_DELAYS_MS } from './mail-sender';
import { insertMail } from './mail.repository';
import { createMailer, type Mailer } from './mail.service';
import { queueOrderPlacedMail } from './order-mail.service';

const SHOP = { shopName: 'Négoce Martin', publicUrl: 'https://boutique.martin.fr' };

/** The zone, carrier and article every order of the tests uses. */
async function createShop(app: App) {
  const zone = await createZone(app, { label: 'Zone de test' });
  const carrier = await createCarrier(app, { name: 'Retrait agence', position: 1, pickup: true });
  await createArticle(app, { code: 'PLQ13', designation1: 'Plaque de plâtre BA13', priceHt: 7.9 });
  shop.set(app, { zoneId: zone.id, carrierId: carrier.id });
}
const shop = new WeakMap<App, { zoneId: number; carrierId: number }>();

async function orderAs(app: App, email: string | null, card?: 'refused') {
  const { zoneId, carrierId } = shop.get(app)!;
  const customer = await createCustomer(app, {
    name: 'Maçonnerie Dupont & Fils',
    email,
    isProfessional: true,
  });
  const headers = await loginAs(app, await createCustomerUser(app, customer.code));
  const address = await createDeliveryAddress(app, {
    customerCode: customer.code,
    zoneId,
    label: 'Chantier école',
    line1: '3 rue des Lilas',
    postalCode: '44000',
    city: 'Nantes',
  });
  await app.inject({
    method: 'POST',
    url: '/rest/panier/lignes',
    headers,
    payload: { codeArticle: 'PLQ13', quantite: 12 },
  });
  const placed = await app.inject({
    method: 'POST',
    url: '/rest/panier/commande',
    headers,
    payload: {
      adresseId: address.id,
      transporteurId: carrierId,
      modeReglement: card ? 'carte' : 'compte',
    },
  });
  expect(placed.statusCode).toBe(200);
  const body = placed.json() as { id: number; numero: string; paiement?: { url: string } };
  if (card) {
    // The bank's answer, chosen on the test provider's hosted page.
    const answered = await app.inject({
      method: 'POST',
      url: body.paiement!.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `resultat=${card}`,
    });
    expect(answered.statusCode).toBe(303);
  }
  return body;
}

/** A clock the test moves: the sender's retries fall due when it says so. */
function testClock() {
  let at = Date.now();
  return {
    now: () => new Date(at),
    advance: (ms: number) => void (at += ms),
    set: (date: Date) => void (at = date.getTime()),
  };
}

const outbox = (app: App) =>
  app.db
    .select({
      status: mailOutbox.status,
      subject: mailOutbox.subject,
      attempts: mailOutbox.attempts,
      nextAttemptAt: mailOutbox.nextAttemptAt,
    })
    .from(mailOutbox)
    .orderBy(asc(mailOutbox.id));

/** The home's warnings about mails (the shop of these tests has no fee schedule: those are left out). */
async function mailWarnings(app: App): Promise<string[]> {
  const response = await app.inject({
    url: '/admin/accueil/alertes',
    headers: await loginAs(app, await createAdmin(app)),
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { alertes: { message: string; ecran: string | null }[] }).alertes
    .filter((warning) => warning.ecran === null)
    .map((warning) => warning.message);
}

describe('mails through SMTP', () => {
  let smtp: TestSmtpServer;
  let app: App;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp({ config: { smtpUrl: smtp.url, ...SHOP } });
    await createShop(app);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('sends the order confirmation, in French, in text and HTML, with the shop’s name', async () => {
    const order = await orderAs(app, 'chef@dupont.fr');
    await app.mail.drain();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toMatchObject({ text: 'chef@dupont.fr' });
    expect(mail.subject).toBe(`Négoce Martin : confirmation de votre commande ${order.numero}`);
    expect(mail.text).toContain('Bonjour Maçonnerie Dupont & Fils,');
    expect(mail.text).toContain('Plaque de plâtre BA13 (PLQ13) : 12');
    expect(mail.text).toContain(`https://boutique.martin.fr/compte/detail-mouvement/${order.id}`);
    expect(mail.html).toContain('lang="fr"');
    // Names are escaped in the HTML.
    expect(mail.html).toContain('Maçonnerie Dupont &amp; Fils');
    expect(mail.html).toContain('3 rue des Lilas');
    // Sent: marked so, its bodies emptied.
    const [row] = await app.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, text: '', html: '' });
  });

  it('tells the customer when the bank refused the card', async () => {
    smtp.received.length = 0;
    const order = await orderAs(app, 'compta@dupont.fr', 'refused');
    await app.mail.drain();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.subject).toBe(
      `Négoce Martin : paiement refusé pour la commande ${order.numero}`,
    );
    expect(smtp.received[0]!.text).toContain('n’a pas été accepté par la banque');
  });

  it('sends nothing to a customer without an e-mail address, and the order stands', async () => {
    smtp.received.length = 0;
    const before = (await outbox(app)).length;
    await orderAs(app, null);
    await app.mail.drain();
    expect(smtp.received).toHaveLength(0);
    expect(await outbox(app)).toHaveLength(before);
  });

  it('never sends the mail of a transaction that rolled back', async () => {
    smtp.received.length = 0;
    const order = await orderAs(app, 'chef@dupont.fr');
    await app.mail.drain();
    const queued = (await outbox(app)).length;
    await expect(
      app.db.transaction(async (tx) => {
        await queueOrderPlacedMail(tx, app.mail, order.id);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    app.mail.wake();
    await app.mail.drain();
    expect(smtp.received).toHaveLength(1);
    expect(await outbox(app)).toHaveLength(queued);
  });
});

describe('mails while the SMTP server is down', () => {
  let smtp: TestSmtpServer;
  let app: App;
  const clock = testClock();
  beforeAll(async () => {
    smtp = await startSmtpServer();
    await smtp.close();
    app = await buildTestApp({ config: { smtpUrl: smtp.url, ...SHOP }, mailClock: clock.now });
    await createShop(app);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('keeps the order’s mail in the outbox, says so on the home, and sends it once the server is back', async () => {
    const order = await orderAs(app, 'chef@dupont.fr');
    await app.mail.settled();
    const [row] = await outbox(app);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    // The first retry, 30 s after the failed attempt.
    expect(row!.nextAttemptAt.getTime()).toBe(clock.now().getTime() + MAIL_RETRY_DELAYS_MS[0]);
    expect(await mailWarnings(app)).toContain(MAIL_HOME_WARNINGS.pending(1));

    smtp = await startSmtpServer(smtp.port);
    await app.mail.drain(); // not due yet
    expect(smtp.received).toHaveLength(0);
    clock.advance(MAIL_RETRY_DELAYS_MS[0]);
    await app.mail.drain();
    await app.mail.drain();
    expect(smtp.received.map((mail) => mail.subject)).toEqual([
      `Négoce Martin : confirmation de votre commande ${order.numero}`,
    ]);
    expect(await outbox(app)).toMatchObject([{ status: 'sent', attempts: 2 }]);
    expect(await mailWarnings(app)).toEqual([]);
  });

  it('retries at 30 s, 1, 2, 5, 15 min, then hourly, and gives up after 24 h (the home says so)', async () => {
    await smtp.close();
    await app.db.delete(mailOutbox);
    await orderAs(app, 'compta@dupont.fr');
    await app.mail.settled();
    const queuedAt = clock.now().getTime();
    const waits: number[] = [];
    let last = queuedAt;
    for (;;) {
      const [row] = await outbox(app);
      if (row!.status !== 'pending') break;
      waits.push(row!.nextAttemptAt.getTime() - last);
      last = row!.nextAttemptAt.getTime();
      clock.set(row!.nextAttemptAt);
      await app.mail.drain();
    }
    const minute = 60_000;
    const hour = 60 * minute;
    expect(waits.slice(0, 7)).toEqual([
      0.5 * minute,
      minute,
      2 * minute,
      5 * minute,
      15 * minute,
      hour,
      hour,
    ]);
    expect(last - queuedAt).toBe(24 * hour);
    expect(await outbox(app)).toMatchObject([{ status: 'failed', attempts: waits.length + 1 }]);
    expect(await mailWarnings(app)).toEqual([MAIL_HOME_WARNINGS.failed(1, 24)]);
  });
});

describe('mails without SMTP_URL', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await createShop(app);
  });
  afterAll(() => app.close());

  it('writes each mail as an .eml file under DATA_DIR/mails', async () => {
    const order = await orderAs(app, 'chef@dupont.fr');
    await app.mail.drain();
    const dir = app.config.mailsDir;
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(fs.readFileSync(path.join(dir, files[0]!)));
    expect(mail.subject).toBe(`Comptoir : confirmation de votre commande ${order.numero}`);
  });
});

/** A second database handle on the same database: another server's pool on PostgreSQL. */
async function secondHandle(first: DatabaseHandle): Promise<DatabaseHandle> {
  if (first.kind === 'pglite') return { ...first, close: async () => {} };
  const { rows } = (await first.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return openDatabase({ databaseUrl: url.toString() });
}

describe('several servers on one database', () => {
  let smtp: TestSmtpServer;
  let database: DatabaseHandle;
  let other: DatabaseHandle;
  const apps: App[] = [];
  const clock = testClock();
  const serve = async (handle: DatabaseHandle, options: TestAppOptions = {}) => {
    const app = await buildTestApp({
      config: { smtpUrl: smtp.url, ...SHOP },
      mailClock: clock.now,
      database: handle,
      ...options,
    });
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await createTestDatabase();
    other = await secondHandle(database);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await other.close();
    await database.close();
    await smtp.close();
  });

  it('a server that starts sends what is pending', async () => {
    await smtp.close();
    const first = await serve(database);
    await createShop(first);
    const order = await orderAs(first, 'chef@dupont.fr');
    await first.mail.settled();
    await first.close();
    smtp = await startSmtpServer(smtp.port);
    clock.advance(MAIL_RETRY_DELAYS_MS[0]);
    const restarted = await serve(database);
    await restarted.ready();
    await restarted.mail.settled();
    expect(smtp.received.map((mail) => mail.subject)).toEqual([
      `Négoce Martin : confirmation de votre commande ${order.numero}`,
    ]);
  });

  it('a mail whose server died while sending it is sent by another once its lease has ended', async () => {
    smtp.received.length = 0;
    await database.db.delete(mailOutbox);
    // This server's send never ends, as if it had died with the mail claimed.
    let release!: (error: Error) => void;
    const hanging: Mailer = {
      send: () => new Promise((_resolve, reject) => (release = reject)),
    };
    const dying = await serve(database, { mailer: hanging });
    shop.set(dying, shop.get(apps[0]!)!);
    const order = await orderAs(dying, 'chef@dupont.fr');
    const alive = await serve(other);
    await alive.mail.drain();
    expect(smtp.received).toHaveLength(0); // still leased
    clock.advance(5 * 60_000);
    await alive.mail.drain();
    expect(smtp.received.map((mail) => mail.subject)).toEqual([
      `Négoce Martin : confirmation de votre commande ${order.numero}`,
    ]);
    release(new Error('connexion perdue'));
    await dying.mail.settled();
    expect(await outbox(alive)).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it('never sends past its lease: a server slowed by each send leaves the rest to the next claim', async () => {
    await database.db.delete(mailOutbox);
    for (let i = 1; i <= 6; i++)
      await insertMail(database.db, {
        kind: 'account-created',
        recipient: `lent${i}@dupont.fr`,
        subject: `Courriel ${i}`,
        text: 'texte',
        html: '<p>texte</p>',
        at: clock.now(),
      });
    const sent: string[] = [];
    // Each send takes a minute of the sender's clock, as against an SMTP server that barely answers.
    const slow: Mailer = {
      send: async (to) => {
        sent.push(to);
        clock.advance(60_000);
      },
    };
    const sender = createMailSender({
      db: database.db,
      transport: slow,
      config: { ...SHOP, mailPollMs: 0, mailGiveUpMs: 24 * 3_600_000 },
      log: apps[0]!.log,
      now: clock.now,
    });
    await sender.drain();
    // A 5-minute lease, 90 s a send at most: the 4th send starts at 3 min, the 5th would end past it.
    expect(sent).toHaveLength(4);
    clock.advance(5 * 60_000);
    await sender.drain();
    expect(sent).toHaveLength(6);
    expect(new Set(sent).size).toBe(6);
  });

  it('two servers draining together send each mail once', async () => {
    smtp.received.length = 0;
    await database.db.delete(mailOutbox);
    await smtp.close();
    // Server a's sends wait, once the gate is shut, until b has drained: both then hold claims at once.
    let gate: Promise<void> | null = null;
    let open!: () => void;
    let entered!: () => void;
    const blocked = new Promise<void>((resolve) => (entered = resolve));
    let sentByA = 0;
    const smtpMailer = () => createMailer({ ...apps[0]!.config, smtpUrl: smtp.url }, apps[0]!.log);
    const a = await serve(database, {
      mailer: {
        send: async (to, mail) => {
          if (gate) {
            entered();
            await gate;
          }
          await smtpMailer().send(to, mail);
          sentByA++;
        },
      },
    });
    const b = await serve(other);
    shop.set(a, shop.get(apps[0]!)!);
    const numbers: string[] = [];
    for (let i = 0; i < 30; i++) numbers.push((await orderAs(a, `chef${i}@dupont.fr`)).numero);
    await a.mail.settled();
    expect(await a.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'))).toHaveLength(30);

    smtp = await startSmtpServer(smtp.port);
    clock.advance(MAIL_RETRY_DELAYS_MS[0]);
    gate = new Promise((resolve) => (open = resolve));
    const drainingA = a.mail.drain();
    await blocked;
    await b.mail.drain();
    open();
    await Promise.all([drainingA, a.mail.drain(), b.mail.drain()]);
    const sent = smtp.received.map((mail) => mail.subject!.replace(/.* /, '')).sort();
    expect(sent).toEqual(numbers.sort());
    expect(sentByA).toBeGreaterThan(0);
    expect(sentByA).toBeLessThan(30);
    expect(await outbox(a)).toEqual(numbers.map(() => expect.objectContaining({ status: 'sent' })));
  });
});
