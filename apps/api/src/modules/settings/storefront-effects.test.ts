// What the connection settings do on the storefront, enforced by the server: anonymous access,
// hidden prices, ordering without an account, and the tariff agency of each mode. The storefront's
// routes are found through the route table (access 'shop'), so a route added later is walked too.
import {
  AGENCY_CHOICE_MESSAGES,
  agenceCourante,
  STOREFRONT_ACCESS_MESSAGES,
  type ParametresConnexion,
} from '@comptoir/shared/connection-settings';
import { buildAppAs, createCustomerUser, loginAs, type App, type SessionHeaders } from '../../test/helpers';
import {
  createActivity,
  createAgency,
  createArticle,
  createCustomer,
  createFamily,
  createStock,
  createVariant,
} from '../../test/factories';

let app: App;
let admin: SessionHeaders;
let customer: SessionHeaders;
let visitorCode: string;
const ids = { familyCode: 'SETF01', articleCode: 'SETART1', activity: 'SETACT', nearCode: '', farCode: '' };

beforeAll(async () => {
  ({ app, headers: admin } = await buildAppAs('admin'));
  const near = await createAgency(app, { label: 'Annecy' });
  const far = await createAgency(app, { label: 'Brest' });
  ids.nearCode = near.code;
  ids.farCode = far.code;
  await createActivity(app, { code: ids.activity, label: 'Activité réglages' });
  await createFamily(app, { code: ids.familyCode, label: 'Ciments réglages', activityCode: ids.activity });
  await createFamily(app, { code: `${ids.familyCode}01`, label: 'Sous-famille', parentCode: ids.familyCode });
  await createArticle(app, {
    code: ids.articleCode,
    designation1: 'Ciment gris réglages',
    familyCode: ids.familyCode,
  });
  const variant = await createVariant(app, { articleCode: ids.articleCode, priceHt: 12 });
  await createStock(app, {
    articleCode: ids.articleCode,
    variantCode: variant.code,
    agencyCode: near.code,
    quantity: 40,
  });
  await createStock(app, {
    articleCode: ids.articleCode,
    variantCode: variant.code,
    agencyCode: far.code,
    quantity: 3,
  });
  // A customer of the far agency, and the customer anonymous visitors browse as (near agency).
  const own = await createCustomer(app, { agencyCode: far.code });
  customer = await loginAs(app, await createCustomerUser(app, own.code));
  visitorCode = (await createCustomer(app, { agencyCode: near.code, name: 'Visiteur' })).code;
});
afterAll(() => app.close());

async function settle(change: Partial<ParametresConnexion>) {
  const current = (await app.inject({ url: '/admin/parametres/connexion', headers: admin })).json();
  const response = await app.inject({
    method: 'PUT',
    url: '/admin/parametres/connexion',
    headers: admin,
    payload: { ...current, ...change },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A callable URL with real data for each storefront GET route; a new route must be added here. */
const SAMPLE_URLS: Record<string, string> = {
  '/catalogue/categories': '/catalogue/categories',
  '/catalogue/familles/:code': `/catalogue/familles/${ids.familyCode}`,
  '/catalogue/articles/:code': `/catalogue/articles/${ids.articleCode}`,
  '/rest/recherche/:text': '/rest/recherche/ciment',
  '/rest/recherche/:text/tout': '/rest/recherche/ciment/tout',
  '/menu/activites': '/menu/activites',
  '/submenu/:activity': `/submenu/${ids.activity}`,
  '/simplemenu/:code': `/simplemenu/${ids.familyCode}`,
  '/rest/agence': '/rest/agence',
  '/catalogue/selection': '/catalogue/selection',
  '/sitemap.xml': '/sitemap.xml',
  '/sitemap-:file.xml': '/sitemap-1.xml',
};
/** The crawlers' files: closed like the catalogue, but XML, not storefront answers (crawlers.test.ts). */
const NOT_JSON = new Set(['/sitemap.xml', '/sitemap-:file.xml']);

const shopRoutes = () =>
  app.routeTable.filter((route) => route.access === 'shop' && route.method !== 'OPTIONS');
const shopGetUrls = () =>
  shopRoutes()
    .filter((route) => route.method === 'GET' && !NOT_JSON.has(route.url))
    .map((route) => {
      const url = SAMPLE_URLS[route.url];
      if (!url)
        throw new Error(`no sample URL for the storefront route ${route.url}: add one to SAMPLE_URLS`);
      return url;
    });

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      into.push(key);
      keysOf(inner, into);
    }
  return into;
}
const PRICE_KEY = /prix|price|montant|tarif(?!.*unit)/i;
const priceKeys = (body: unknown) =>
  keysOf(body).filter((key) => PRICE_KEY.test(key) && !/^libUnit|^unite/.test(key));

describe('anonymous access', () => {
  it('off: every storefront call answers 401 to an anonymous visitor, and works for a customer', async () => {
    await settle({ allowAnonymousAccess: '0' });
    const routes = shopRoutes();
    expect(routes.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/catalogue/categories',
        '/catalogue/familles/:code',
        '/rest/recherche/:text',
        '/submenu/:activity',
      ]),
    );
    const failures: string[] = [];
    for (const route of routes) {
      const read = route.method === 'GET' || route.method === 'HEAD';
      const url = read ? SAMPLE_URLS[route.url]! : route.url;
      const anonymous = await app.inject({
        method: route.method as 'GET',
        url,
        payload: read ? undefined : {},
      });
      const message = route.method === 'HEAD' ? undefined : anonymous.json().message;
      if (
        anonymous.statusCode !== 401 ||
        (route.method !== 'HEAD' && message !== STOREFRONT_ACCESS_MESSAGES.loginRequired)
      )
        failures.push(`${route.method} ${url} → ${anonymous.statusCode} ${anonymous.body}`);
    }
    for (const url of shopGetUrls()) {
      const asCustomer = await app.inject({ url, headers: customer });
      if (asCustomer.statusCode !== 200) failures.push(`client ${url} → ${asCustomer.statusCode}`);
    }
    expect(failures).toEqual([]);
    // Without anonymous access visitors cannot order either: the cart asks to log in.
    expect((await app.inject({ url: '/rest/panier' })).statusCode).toBe(401);
    // The public settings the home page reads still answer.
    expect((await app.inject({ url: '/catalogue/parametres' })).statusCode).toBe(200);
  });

  it('on: anonymous visitors browse the catalogue', async () => {
    await settle({ allowAnonymousAccess: '1' });
    for (const url of shopGetUrls()) expect((await app.inject({ url })).statusCode, url).toBe(200);
  });

  it('ordering without an account answers 401 with a French message asking to log in', async () => {
    await settle({ allowAnonymousAccess: '1', allowAnonymousCommande: '0' });
    const response = await app.inject({ method: 'POST', url: '/rest/panier/commande', payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(STOREFRONT_ACCESS_MESSAGES.orderLoginRequired);
    expect((await app.inject({ url: '/rest/panier' })).json().message).toBe(
      STOREFRONT_ACCESS_MESSAGES.orderLoginRequired,
    );
  });
});

describe('prices for anonymous visitors', () => {
  it('hidden: no price field in any storefront answer an anonymous visitor gets', async () => {
    await settle({ allowAnonymousAccess: '1', showAnonymousPrices: '0' });
    const found: string[] = [];
    for (const url of shopGetUrls()) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      found.push(...priceKeys(response.json()).map((key) => `${url}: ${key}`));
    }
    expect(found).toEqual([]);
    // Customers still see them.
    const asCustomer = (
      await app.inject({ url: SAMPLE_URLS['/catalogue/articles/:code']!, headers: customer })
    ).json();
    expect(asCustomer.prixHT).toBe(10);
    expect(asCustomer.declinaisons[0].prixHT).toBe(12);
  });

  it('shown: the same walk finds the prices', async () => {
    await settle({ showAnonymousPrices: '1' });
    const found = new Set<string>();
    for (const url of shopGetUrls())
      for (const key of priceKeys((await app.inject({ url })).json())) found.add(key);
    expect([...found].sort()).toEqual(['prixHT', 'prixTTC']);
  });
});

describe('tariff agency', () => {
  const stockSeen = async (headers?: SessionHeaders) =>
    (await app.inject({ url: SAMPLE_URLS['/catalogue/articles/:code']!, headers })).json().declinaisons[0]
      .STOCK.NB_STOCK;
  const agencyOf = async (headers?: Record<string, string>) =>
    agenceCourante.parse((await app.inject({ url: '/rest/agence', headers })).json());

  it("'client': the customer's agency; an anonymous visitor's is visiteurCodeClient's; else the default", async () => {
    await settle({ modeSelectionAgence: 'client', agenceDefautTarif: null, visiteurCodeClient: null });
    expect(await stockSeen(customer)).toBe(3);
    expect(await stockSeen()).toBe(43); // no agency: every agency together
    expect((await agencyOf()).agence).toBeNull();
    await settle({ visiteurCodeClient: visitorCode });
    expect(await stockSeen()).toBe(40);
    expect(await agencyOf()).toEqual({
      agence: { code_agence: ids.nearCode, libelle_agence: 'Annecy' },
      modifiable: false,
      agences: [],
    });
    await settle({ visiteurCodeClient: null, agenceDefautTarif: ids.farCode });
    expect(await stockSeen()).toBe(3);
    expect(await stockSeen(admin)).toBe(3);
  });

  it("'defaut': always the default tariff agency", async () => {
    await settle({
      modeSelectionAgence: 'defaut',
      agenceDefautTarif: ids.nearCode,
      visiteurCodeClient: visitorCode,
    });
    expect(await stockSeen(customer)).toBe(40);
    expect(await stockSeen()).toBe(40);
    const refused = await app.inject({
      method: 'POST',
      url: '/rest/agence',
      payload: { codeAgence: ids.farCode },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(AGENCY_CHOICE_MESSAGES.notAllowed);
  });

  it("'choix': the visitor's choice, remembered for the browser session, the default until then", async () => {
    await settle({ modeSelectionAgence: 'choix', agenceDefautTarif: ids.farCode });
    expect(await stockSeen()).toBe(3);
    const before = await agencyOf();
    expect(before.modifiable).toBe(true);
    expect(before.agence?.code_agence).toBe(ids.farCode);
    expect(before.agences.map((agency) => agency.code_agence)).toEqual(
      expect.arrayContaining([ids.nearCode, ids.farCode]),
    );

    const chosen = await app.inject({
      method: 'POST',
      url: '/rest/agence',
      payload: { codeAgence: ids.nearCode },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().agence.code_agence).toBe(ids.nearCode);
    const cookie = chosen.cookies.find((c) => c.name === 'comptoir_agence');
    expect(cookie).toMatchObject({ value: ids.nearCode, httpOnly: true });
    expect(cookie?.maxAge).toBeUndefined(); // a session cookie
    const withChoice = { cookie: `comptoir_agence=${ids.nearCode}` };
    expect((await agencyOf(withChoice)).agence?.code_agence).toBe(ids.nearCode);
    expect(
      (await app.inject({ url: SAMPLE_URLS['/catalogue/articles/:code']!, headers: withChoice })).json()
        .declinaisons[0].STOCK.NB_STOCK,
    ).toBe(40);
    // A customer may choose too; a choice naming an unknown agency is ignored.
    expect(await stockSeen({ cookie: `${customer.cookie}; comptoir_agence=${ids.nearCode}` })).toBe(40);
    expect((await agencyOf({ cookie: 'comptoir_agence=INCONNUE' })).agence?.code_agence).toBe(ids.farCode);

    const unknown = await app.inject({
      method: 'POST',
      url: '/rest/agence',
      payload: { codeAgence: 'INCONNUE' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(AGENCY_CHOICE_MESSAGES.unknownAgency('INCONNUE'));
    expect(unknown.cookies).toEqual([]);
  });
});
