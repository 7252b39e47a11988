// The mails leave through a real SMTP server started by the test (test/smtp-server.ts), or are written as
// .eml files when no SMTP_URL is set.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import {
  createArticle,
  createCarrier,
  createCustomer,
  createDeliveryAddress,
  createZone,
} from '../../test/factories';
import { buildTestApp, createCustomerUser, loginAs, type App } from '../../test/helpers';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';

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

describe('mails through SMTP', () => {
  let smtp: TestSmtpServer;
  let app: App;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp({
      config: { smtpUrl: smtp.url, shopName: 'Négoce Martin', publicUrl: 'https://boutique.martin.fr' },
    });
    await createShop(app);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('sends the order confirmation, in French, in text and HTML, with the shop’s name', async () => {
    const order = await orderAs(app, 'chef@dupont.fr');
    await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBe(1);
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
  });

  it('tells the customer when the bank refused the card', async () => {
    smtp.received.length = 0;
    const order = await orderAs(app, 'compta@dupont.fr', 'refused');
    await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBe(1);
    expect(smtp.received[0]!.subject).toBe(
      `Négoce Martin : paiement refusé pour la commande ${order.numero}`,
    );
    expect(smtp.received[0]!.text).toContain('n’a pas été accepté par la banque');
  });

  it('sends nothing to a customer without an e-mail address, and the order stands', async () => {
    smtp.received.length = 0;
    await orderAs(app, null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(0);
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
    const dir = app.config.mailsDir;
    await expect.poll(() => fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).length).toBe(1);
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.eml'));
    const mail = await simpleParser(fs.readFileSync(path.join(dir, file!)));
    expect(mail.subject).toBe(`Comptoir : confirmation de votre commande ${order.numero}`);
  });
});
