// A visitor's own address and the CGV (docs/contract/checkout-and-payments.md): a visitor types its
// delivery address, sees only the ones it typed, orders with its name and e-mail or phone (and a billing
// address of its own when it is not 'identique'); every shopper accepts the published CGV, whose
// version the order and its export file record.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { orders } from '@comptoir/db/schema';
import { checkoutOptions, type CheckoutOptions } from '@comptoir/shared/cart';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import { exportFileName, parseOrderExport } from '@comptoir/shared/orders/export-format';
import { SIGNUP_MESSAGES } from '@comptoir/shared/signup';
import { SITE_PAGE_MESSAGES } from '@comptoir/shared/site-pages';
import { VISITOR_CHECKOUT_MESSAGES } from '@comptoir/shared/visitor-checkout';
import {
  createArticle,
  createCarrier,
  createCustomer,
  createDeliveryAddress,
  createFamily,
  createUnit,
  createZone,
} from '../../test/factories';
import { buildAppAs, createAdmin, loginAs, type App, type SessionHeaders } from '../../test/helpers';
import { writeSetting } from '../settings/settings.service';

let app: App;
let admin: SessionHeaders;
let visitorCode: string;
let carrierId: number;
let zoneOf69007: number;

beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
  await createUnit(app, 'U', 'Unité');
  const familyCode = (await createFamily(app, { code: 'VCK', label: 'Visiteurs' })).code;
  await createArticle(app, { code: 'VCKART', designation1: 'Seau', priceHt: 10, familyCode });
  carrierId = (await createCarrier(app, { name: 'Retrait', position: 1, pickup: true })).id;
  visitorCode = (await createCustomer(app, { name: 'Visiteur web' })).code;
  // The visitor customer's own address, which every visitor could read before: never offered now.
  const shared = await createDeliveryAddress(app, { customerCode: visitorCode, isDefault: true });
  zoneOf69007 = (await createZone(app, { label: 'Proximité' })).id;
  // The zone the shop's known addresses at 69007 have: a visitor typing that postal code gets it.
  await createDeliveryAddress(app, { postalCode: '69007', zoneId: zoneOf69007 });
  expect(shared.zoneId).toBeNull();
  await writeSetting(app.db, SETTING_KEYS.allowAnonymousAccess, '1');
  await writeSetting(app.db, SETTING_KEYS.visiteurCodeClient, visitorCode);
  await writeSetting(app.db, SETTING_KEYS.allowAnonymousCommande, '1');
});
afterAll(() => app.close());

/** A new visitor's browser with one line in its cart: its visitor cookie. */
async function newVisitor(): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/rest/panier/lignes',
    payload: { codeArticle: 'VCKART', quantite: 3 },
  });
  expect(response.statusCode, response.body).toBe(200);
  const set = response.cookies.find((c) => c.name === 'comptoir_visiteur')!;
  return `comptoir_visiteur=${set.value}`;
}

const typeAddress = (cookie: string, payload: object) =>
  app.inject({ method: 'POST', url: '/rest/panier/adresses', headers: { cookie }, payload });
const options = async (cookie: string) => {
  const response = await app.inject({ url: '/rest/panier/livraison', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return checkoutOptions.parse(response.json()) as CheckoutOptions;
};
const place = (cookie: string, payload: object) =>
  app.inject({ method: 'POST', url: '/rest/panier/commande', headers: { cookie }, payload });
const saveCgv = async (markdown: string) => {
  const response = await app.inject({
    method: 'PUT',
    url: '/admin/pages/cgv',
    headers: admin,
    payload: { markdown },
  });
  expect(response.statusCode, response.body).toBe(200);
};

describe('a visitor’s own address', () => {
  it('lists only the addresses this visitor typed: never another visitor’s nor the visitor customer’s', async () => {
    const a = await newVisitor();
    const b = await newVisitor();
    expect((await options(a)).adresses).toEqual([]);
    expect((await options(a)).adresseId).toBeNull();

    const typed = await typeAddress(a, {
      ligne1: '3 rue Neuve',
      ligne2: 'Bât. B',
      codePostal: '69 007',
      ville: 'Lyon',
    });
    expect(typed.statusCode, typed.body).toBe(200);
    // The zone is found from the postal code, spaces removed, as for a customer's own address.
    expect(typed.json()).toMatchObject({ codePostal: '69007', zoneId: zoneOf69007, parDefaut: true });
    await typeAddress(b, { ligne1: '9 quai Sud', codePostal: '38000', ville: 'Grenoble' });

    const ofA = await options(a);
    expect(ofA.adresses.map((address) => address.ligne1)).toEqual(['3 rue Neuve']);
    expect(ofA.adresseId).toBe(typed.json().id);
    expect((await options(b)).adresses.map((address) => address.ligne1)).toEqual(['9 quai Sud']);
    // B cannot price nor order to A's address.
    const foreign = await app.inject({
      url: `/rest/panier/livraison?adresseId=${typed.json().id}`,
      headers: { cookie: b },
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('refuses a bad address with the field’s French message, writing nothing', async () => {
    const cookie = await newVisitor();
    for (const [payload, message] of [
      [{ ligne1: '1 rue A', codePostal: '690', ville: 'Lyon' }, SIGNUP_MESSAGES.postalCodeInvalid],
      [{ ligne1: '1 rue A', codePostal: '69OO7', ville: 'Lyon' }, SIGNUP_MESSAGES.postalCodeInvalid],
      [{ ligne1: ' ', codePostal: '69007', ville: 'Lyon' }, SIGNUP_MESSAGES.line1Required],
      [{ ligne1: '1 rue A', codePostal: '69007', ville: '' }, SIGNUP_MESSAGES.cityRequired],
    ] as const) {
      const response = await typeAddress(cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await options(cookie)).adresses).toEqual([]);
  });

  it('is for visitors only: an account keeps its addresses in “Mes adresses”', async () => {
    const { app: other, headers } = await buildAppAs('client');
    const response = await other.inject({
      method: 'POST',
      url: '/rest/panier/adresses',
      headers,
      payload: { ligne1: '1 rue A', codePostal: '69007', ville: 'Lyon' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(VISITOR_CHECKOUT_MESSAGES.accountAddresses);
    await other.close();
  });

  it('needs the visitor’s name and an e-mail or a phone to order', async () => {
    const cookie = await newVisitor();
    const adresseId = (
      await typeAddress(cookie, { ligne1: '1 rue A', codePostal: '69007', ville: 'Lyon' })
    ).json().id as number;
    const base = { adresseId, transporteurId: carrierId, modeReglement: 'cheque' };
    for (const [extra, message] of [
      [{}, VISITOR_CHECKOUT_MESSAGES.contactRequired],
      [{ visiteur: { nom: 'Jeanne' } }, VISITOR_CHECKOUT_MESSAGES.reachRequired],
      [{ visiteur: { nom: '', email: 'j@example.fr' } }, SIGNUP_MESSAGES.nameRequired],
      [{ visiteur: { nom: 'Jeanne', email: 'pas-une-adresse' } }, SIGNUP_MESSAGES.emailInvalid],
      [
        {
          visiteur: {
            nom: 'Jeanne',
            telephone: '0400000000',
            facturation: { ligne1: 'x', codePostal: '1', ville: 'L' },
          },
        },
        SIGNUP_MESSAGES.postalCodeInvalid,
      ],
    ] as const) {
      const response = await place(cookie, { ...base, ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await app.db.$count(orders, eq(orders.customerCode, visitorCode))).toBe(0);
  });
});

describe('the CGV', () => {
  it('are not asked while none is published, then refused without them, by the API too', async () => {
    const cookie = await newVisitor();
    const adresseId = (
      await typeAddress(cookie, { ligne1: '1 rue A', codePostal: '69007', ville: 'Lyon' })
    ).json().id as number;
    expect((await options(cookie)).cgv).toBeNull();

    await saveCgv('## Article 1\n\nVersion une.');
    await saveCgv('## Article 1\n\nVersion deux.');
    const cgv = (await options(cookie)).cgv!;
    expect(cgv.version).toBe(2);
    const body = {
      adresseId,
      transporteurId: carrierId,
      modeReglement: 'cheque',
      visiteur: { nom: 'Jeanne Martin', telephone: '04 78 00 00 00' },
    };
    const without = await place(cookie, body);
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({
      message: SITE_PAGE_MESSAGES.cgvRequired,
      details: [{ champ: 'versionCGV', message: SITE_PAGE_MESSAGES.cgvRequired }],
    });
    const older = await place(cookie, { ...body, versionCGV: 1 });
    expect(older.statusCode).toBe(400);
    expect(older.json().message).toBe(SITE_PAGE_MESSAGES.cgvChanged);
    expect(await app.db.$count(orders, eq(orders.customerCode, visitorCode))).toBe(0);
  });

  it('the order and its export file carry the visitor’s address, contact, billing and the CGV version', async () => {
    await saveCgv('## Article 1\n\nVersion trois.');
    const cookie = await newVisitor();
    const cgv = (await options(cookie)).cgv!;
    const adresseId = (
      await typeAddress(cookie, { ligne1: '12 rue des Lilas', codePostal: '69007', ville: 'Lyon' })
    ).json().id as number;
    const placed = await place(cookie, {
      adresseId,
      transporteurId: carrierId,
      modeReglement: 'cheque',
      versionCGV: cgv.version,
      visiteur: {
        nom: 'Jeanne Martin',
        email: 'Jeanne@Example.fr',
        telephone: '04 78 00 00 00',
        facturation: { ligne1: '4 place Bellecour', codePostal: '69 002', ville: 'Lyon' },
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const numero = placed.json().numero as string;
    // A cheque waits for its payment; validated, the order is exported.
    const validated = await app.inject({
      method: 'POST',
      url: '/openweb/admin/admin_commandeValideReglement',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ numero }),
    });
    expect(validated.statusCode, validated.body).toBe(200);
    const file = parseOrderExport(
      fs.readFileSync(path.join(app.config.exportsDir, exportFileName({ numero })), 'utf8'),
    );
    expect(file).toMatchObject({
      codeClient: visitorCode,
      adresseLivraison: {
        ligne1: '12 rue des Lilas',
        codePostal: '69007',
        ville: 'Lyon',
        zone: expect.any(String),
      },
      contact: { nom: 'Jeanne Martin', email: 'jeanne@example.fr', telephone: '04 78 00 00 00' },
      adresseFacturation: { ligne1: '4 place Bellecour', ligne2: null, codePostal: '69002', ville: 'Lyon' },
      versionCGV: cgv.version,
    });
  });

  it('a customer accepts them too, and its order records the version', async () => {
    const { app: own, headers, user } = await buildAppAs('client');
    await createUnit(own, 'U', 'Unité');
    await createArticle(own, { code: 'CGVART', priceHt: 5 });
    const carrier = await createCarrier(own, { name: 'Retrait', position: 1, pickup: true });
    const address = await createDeliveryAddress(own, { customerCode: user.codeClient!, isDefault: true });
    await own.inject({
      method: 'POST',
      url: '/rest/panier/lignes',
      headers,
      payload: { codeArticle: 'CGVART', quantite: 1 },
    });
    const ownAdmin = await loginAs(own, await createAdmin(own));
    await own.inject({
      method: 'PUT',
      url: '/admin/pages/cgv',
      headers: ownAdmin,
      payload: { markdown: 'CGV' },
    });
    const body = { adresseId: address.id, transporteurId: carrier.id, modeReglement: 'cheque' };
    const refused = await own.inject({
      method: 'POST',
      url: '/rest/panier/commande',
      headers,
      payload: body,
    });
    expect(refused.json().message).toBe(SITE_PAGE_MESSAGES.cgvRequired);
    const placed = await own.inject({
      method: 'POST',
      url: '/rest/panier/commande',
      headers,
      payload: { ...body, versionCGV: 1 },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const [row] = await own.db.select().from(orders).where(eq(orders.id, placed.json().id));
    expect(row).toMatchObject({ cgvVersion: 1, contactName: null, billingLine1: null });
    // A customer's own details are the ERP's: it sends none.
    const withContact = await own.inject({
      method: 'POST',
      url: '/rest/panier/commande',
      headers,
      payload: { ...body, versionCGV: 1, visiteur: { nom: 'X', email: 'x@example.fr' } },
    });
    expect(withContact.statusCode).toBe(400);
    await own.close();
  });
});
