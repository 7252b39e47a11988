// Ordering without an account (allowAnonymousCommande): a visitor's cart is its own browser session's,
// never shared with another visitor of the same visitor customer; the checkout offers only what the
// server accepts. Settings are written through the settings service, as the settings screen does.
import { eq } from 'drizzle-orm';
import { cardPayments, orders, users } from '@comptoir/db/schema';
import { CART_MESSAGES, checkoutOptions } from '@comptoir/shared/cart';
import { NO_SESSION } from '@comptoir/shared/auth';
import { STOREFRONT_ACCESS_MESSAGES } from '@comptoir/shared/connection-settings';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import { ENCOURS_MESSAGES } from '@comptoir/shared/encours';
import {
  createArticle,
  createCarrier,
  createCustomer,
  createCustomerPrice,
  createDeliveryAddress,
  createFamily,
  createOrder,
  createUnit,
} from '../../test/factories';
import { buildAppAs, createCustomerUser, loginAs, type App, type SessionHeaders } from '../../test/helpers';
import { writeSetting } from '../settings/settings.service';

let app: App;
let visitorCode: string;
let addressId: number;
let carrierId: number;

beforeAll(async () => {
  ({ app } = await buildAppAs('admin'));
  await createUnit(app, 'U', 'Unité');
  const familyCode = (await createFamily(app, { code: 'VIS', label: 'Visiteurs' })).code;
  await createArticle(app, { code: 'VISART', designation1: 'Truelle visiteur', priceHt: 100, familyCode });
  carrierId = (await createCarrier(app, { name: 'Retrait', position: 1, pickup: true })).id;
  // A professional visitor customer with a limit: a visitor still never pays on account.
  visitorCode = (await createCustomer(app, { name: 'Visiteur web', isProfessional: true, creditLimit: 1000 }))
    .code;
  addressId = (await createDeliveryAddress(app, { customerCode: visitorCode, isDefault: true })).id;
  // The visitor customer's own tariff: the catalogue shows it to visitors, the cart charges it.
  await createCustomerPrice(app, { customerCode: visitorCode, articleCode: 'VISART', netPrice: 50 });
});
afterAll(() => app.close());

async function visitorsMayOrder(on: boolean) {
  await writeSetting(app.db, SETTING_KEYS.allowAnonymousAccess, '1');
  await writeSetting(app.db, SETTING_KEYS.visiteurCodeClient, visitorCode);
  await writeSetting(app.db, SETTING_KEYS.allowAnonymousCommande, on ? '1' : '0');
}

/** Adds `quantite` of the article as the browser holding `cookie` (none: a new one); its visitor cookie after. */
async function add(cookie: string | undefined, quantite = 1) {
  const response = await app.inject({
    method: 'POST',
    url: '/rest/panier/lignes',
    headers: cookie ? { cookie } : {},
    payload: { codeArticle: 'VISART', quantite },
  });
  expect(response.statusCode, response.body).toBe(200);
  const set = response.cookies.find((c) => c.name === 'comptoir_visiteur');
  return { cart: response.json(), cookie: set ? `comptoir_visiteur=${set.value}` : cookie! };
}

const place = (cookie: string, modeReglement: string, extra: object = {}) =>
  app.inject({
    method: 'POST',
    url: '/rest/panier/commande',
    headers: { cookie },
    payload: { adresseId: addressId, transporteurId: carrierId, modeReglement, ...extra },
  });

describe('allowAnonymousCommande = 0', () => {
  it('refuses every cart call of a visitor with 401 asking to log in, before reading the body', async () => {
    await visitorsMayOrder(false);
    const calls = [
      { method: 'GET', url: '/rest/panier' },
      { method: 'POST', url: '/rest/panier/lignes', payload: { codeArticle: 'VISART', quantite: 1 } },
      { method: 'PATCH', url: '/rest/panier/lignes/1', payload: { quantite: 2 } },
      { method: 'DELETE', url: '/rest/panier/lignes/1' },
      { method: 'GET', url: '/rest/panier/livraison' },
      { method: 'POST', url: '/rest/panier/commande', payload: {} },
    ] as const;
    for (const call of calls) {
      const response = await app.inject(call);
      expect(response.statusCode, call.url).toBe(401);
      expect(response.json().message).toBe(STOREFRONT_ACCESS_MESSAGES.orderLoginRequired);
      expect(response.cookies).toEqual([]);
    }
    expect((await app.inject({ url: '/catalogue/acces' })).json().commandeAnonyme).toBe('0');
  });

  it('refuses a visitor cart session opened while it was on', async () => {
    await visitorsMayOrder(true);
    const { cookie } = await add(undefined);
    await visitorsMayOrder(false);
    expect((await app.inject({ url: '/rest/panier', headers: { cookie } })).statusCode).toBe(401);
    expect((await place(cookie, 'carte')).statusCode).toBe(401);
  });
});

describe('allowAnonymousCommande = 1', () => {
  beforeAll(() => visitorsMayOrder(true));

  it('is announced to the storefront only when a visitor customer is chosen', async () => {
    expect((await app.inject({ url: '/catalogue/acces' })).json().commandeAnonyme).toBe('1');
    await writeSetting(app.db, SETTING_KEYS.visiteurCodeClient, null);
    expect((await app.inject({ url: '/catalogue/acces' })).json().commandeAnonyme).toBe('0');
    expect((await app.inject({ url: '/rest/panier' })).statusCode).toBe(401);
    await visitorsMayOrder(true);
  });

  it('gives a visitor an empty cart, then a cart of its own browser session on its first add', async () => {
    const empty = await app.inject({ url: '/rest/panier' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().nbLignes).toBe(0);
    expect(empty.cookies).toEqual([]); // reading opens nothing

    const first = await add(undefined, 2);
    const cookie = first.cookie;
    expect(first.cart.nbLignes).toBe(1);
    const set = (
      await app.inject({
        method: 'POST',
        url: '/rest/panier/lignes',
        payload: { codeArticle: 'VISART', quantite: 1 },
      })
    ).cookies.find((c) => c.name === 'comptoir_visiteur');
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(set?.maxAge).toBeUndefined(); // a browser-session cookie

    const again = await add(cookie, 1);
    expect(again.cookie).toBe(cookie);
    expect(again.cart.lignes[0].quantite).toBe(3);
    // The anonymous customer's price, as the catalogue showed it to the visitor.
    const shown = await app.inject({ url: '/catalogue/articles/VISART' });
    expect(shown.json().prixHT).toBe(50);
    expect(again.cart.lignes[0].prixUnitaireHT).toBe(50);
    const read = await app.inject({ url: '/rest/panier', headers: { cookie } });
    expect(read.json().lignes[0].quantite).toBe(3);
  });

  it('never shows one visitor the cart of another, both ordering as the visitor customer', async () => {
    const one = await add(undefined, 5);
    const two = await add(undefined, 7);
    expect(one.cookie).not.toBe(two.cookie);
    const cartOf = async (cookie: string) =>
      (await app.inject({ url: '/rest/panier', headers: { cookie } })).json();
    expect((await cartOf(one.cookie)).lignes.map((l: { quantite: number }) => l.quantite)).toEqual([5]);
    expect((await cartOf(two.cookie)).lignes.map((l: { quantite: number }) => l.quantite)).toEqual([7]);
    // One visitor cannot change or remove the other's line.
    const lineOfTwo = (await cartOf(two.cookie)).lignes[0].id;
    const patch = await app.inject({
      method: 'PATCH',
      url: `/rest/panier/lignes/${lineOfTwo}`,
      headers: { cookie: one.cookie },
      payload: { quantite: 1 },
    });
    expect(patch.statusCode).toBe(404);
    const removal = await app.inject({
      method: 'DELETE',
      url: `/rest/panier/lignes/${lineOfTwo}`,
      headers: { cookie: one.cookie },
    });
    expect(removal.statusCode).toBe(404);
    expect((await cartOf(two.cookie)).lignes[0].quantite).toBe(7);
  });

  it('keeps the visitor cookie apart from the login cookie, both ways', async () => {
    const { cookie } = await add(undefined);
    const token = cookie.split('=')[1];
    const asLogin = await app.inject({ url: '/auth/me', headers: { cookie: `comptoir_session=${token}` } });
    expect(asLogin.json()).toEqual(NO_SESSION);
    expect((await app.inject({ url: '/rest/compte/mouvements', headers: { cookie } })).statusCode).toBe(401);
    // A visitor account cannot be logged in to, and a visit is not counted as a login.
    const row = await app.db.select().from(users).where(eq(users.customerCode, visitorCode));
    expect(row.length).toBeGreaterThan(0);
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { login: row[0]!.login, password: '' },
    });
    expect(login.statusCode).not.toBe(200);
  });

  it('checks out as the visitor customer with the address it typed, never on account', async () => {
    const { cookie } = await add(undefined, 2);
    const typed = await app.inject({
      method: 'POST',
      url: '/rest/panier/adresses',
      headers: { cookie },
      payload: { ligne1: '3 rue Neuve', codePostal: '69 007', ville: 'Lyon' },
    });
    expect(typed.statusCode, typed.body).toBe(200);
    const own = typed.json().id as number;
    const options = await app.inject({ url: '/rest/panier/livraison', headers: { cookie } });
    expect(options.statusCode, options.body).toBe(200);
    const body = checkoutOptions.parse(options.json());
    // Its own address only: never the visitor customer's, which every visitor would read.
    expect(body.adresses.map((a) => a.id)).toEqual([own]);
    expect(body.adresses[0]).toMatchObject({ ligne1: '3 rue Neuve', codePostal: '69007', ville: 'Lyon' });
    expect(body.adresseId).toBe(own);
    expect(body.modesReglement.map((m) => m.code)).toEqual(['carte', 'cheque', 'virement']);
    expect(body.panier.nbLignes).toBe(1);

    const contact = { visiteur: { nom: 'Jeanne Martin', email: 'jeanne@example.fr' } };
    const onAccount = await place(cookie, 'compte', { adresseId: own, ...contact });
    expect(onAccount.statusCode).toBe(400);
    expect(onAccount.json().message).toBe(CART_MESSAGES.onAccountRefused);
    // An address id that is not one it typed (its ids are its own: the visitor customer's are not looked at).
    const foreign = await place(cookie, 'carte', { ...contact, adresseId: own + 1 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(CART_MESSAGES.unknownAddress);

    const before = await app.db.$count(orders, eq(orders.customerCode, visitorCode));
    const placed = await place(cookie, 'carte', { adresseId: own, ...contact });
    expect(placed.statusCode, placed.body).toBe(200);
    // Paid on the provider's page; its mails would go to the visitor customer: none is sent.
    expect(placed.json().typePanier).toBe('ATT');
    expect(placed.json().paiement.url).toMatch(/\/paiement-test\//);
    const [payment] = await app.db
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.orderId, placed.json().id));
    expect(payment!.mailCustomer).toBe(false);
    expect(await app.db.$count(orders, eq(orders.customerCode, visitorCode))).toBe(before + 1);
    const [order] = await app.db.select().from(orders).where(eq(orders.id, placed.json().id));
    expect(order).toMatchObject({
      deliveryLine1: '3 rue Neuve',
      deliveryPostalCode: '69007',
      contactName: 'Jeanne Martin',
      contactEmail: 'jeanne@example.fr',
      contactPhone: null,
      billingLine1: null,
    });
    expect((await app.inject({ url: '/rest/panier', headers: { cookie } })).json().nbLignes).toBe(0);
  });

  it('a visitor without a cart yet has nothing to check out nor change, and gets no cart session', async () => {
    for (const call of [
      { method: 'PATCH', url: '/rest/panier/lignes/1', payload: { quantite: 2 } },
      { method: 'DELETE', url: '/rest/panier/lignes/1' },
    ] as const) {
      const response = await app.inject(call);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(CART_MESSAGES.unknownLine);
      expect(response.cookies).toEqual([]);
    }
    const options = await app.inject({ url: '/rest/panier/livraison' });
    expect(options.statusCode).toBe(400);
    expect(options.json().message).toBe(CART_MESSAGES.emptyCart);
    const placed = await place('', 'carte');
    expect(placed.statusCode).toBe(400);
    expect(placed.json().message).toBe(CART_MESSAGES.emptyCart);
  });

  it('leaves accounts as they were', async () => {
    const own = await createCustomer(app, {});
    await createDeliveryAddress(app, { customerCode: own.code, isDefault: true });
    const headers: SessionHeaders = await loginAs(app, await createCustomerUser(app, own.code));
    const response = await app.inject({
      method: 'POST',
      url: '/rest/panier/lignes',
      headers,
      payload: { codeArticle: 'VISART', quantite: 4 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies).toEqual([]);
    expect(response.json().lignes[0].quantite).toBe(4);
  });
});

describe('payment methods and the credit limit at checkout', () => {
  it('says which methods the server would refuse, with the reason, and refuses them', async () => {
    const pro = await createCustomer(app, { isProfessional: true, creditLimit: 500 });
    await createOrder(app, { customerCode: pro.code, amountTtc: 400 });
    const proAddress = (await createDeliveryAddress(app, { customerCode: pro.code, isDefault: true })).id;
    const headers = await loginAs(app, await createCustomerUser(app, pro.code));
    await writeSetting(app.db, SETTING_KEYS.activateEncoursChecking, '1');
    await writeSetting(app.db, SETTING_KEYS.blockOfflinePayment, '1');
    await writeSetting(app.db, SETTING_KEYS.blockOnEncoursError, '1');
    await app.inject({
      method: 'POST',
      url: '/rest/panier/lignes',
      headers,
      payload: { codeArticle: 'VISART', quantite: 1 },
    });
    const options = checkoutOptions.parse(
      (await app.inject({ url: '/rest/panier/livraison', headers })).json(),
    );
    expect(options.encours).toEqual({
      plafond: 500,
      utilise: 400,
      activateEncoursChecking: true,
      blockOnEncoursError: true,
      blockOfflinePayment: true,
    });
    const refused = await app.inject({
      method: 'POST',
      url: '/rest/panier/commande',
      headers,
      payload: { adresseId: proAddress, transporteurId: carrierId, modeReglement: 'cheque' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ENCOURS_MESSAGES.offlineRefused);
    await writeSetting(app.db, SETTING_KEYS.activateEncoursChecking, '0');
  });
});
