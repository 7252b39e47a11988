// THE INPUT SWEEP: values PostgreSQL cannot take (a NUL character in a text, an id beyond its int4
// columns) must be refused with a French 400 before any query, on every route, never answered 500.
import { buildTestApp, createAdmin, createCustomerUser, loginAs, type App } from './test/helpers';

let app: App;
let admin: { cookie: string };
let customer: { cookie: string };
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  admin = await loginAs(app, await createAdmin(app));
  customer = await loginAs(app, await createCustomerUser(app));
});
afterAll(() => app.close());

const TOO_BIG_ID = '3000000000'; // above 2^31 - 1, below 2^53
const routesWithParams = () =>
  app.routeTable.filter((route) => route.method !== 'OPTIONS' && /[:*]/.test(route.url));

/** The route's URL with every parameter and wildcard set to `value` (already URL-encoded). */
const urlWith = (pattern: string, value: string) =>
  pattern.replace(/:[\w-]+(\([^)]*\))?/g, value).replace(/\*/g, value);

// An administrator passes every access level; customer-only routes check the role after validation.
const call = (method: string, url: string, payload?: object, session = admin) =>
  app.inject({ method: method as 'GET', url, headers: session, ...(payload && { payload }) });

describe('a NUL character', () => {
  it('is refused in every path parameter with a 400 naming it', async () => {
    const routes = routesWithParams();
    expect(routes.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const route of routes) {
      const response = await call(route.method, urlWith(route.url, 'a%00b'));
      if (response.statusCode !== 400) failures.push(`${route.method} ${route.url} → ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('names the field of a path, a query string and a body', async () => {
    const menu = await app.inject({ url: '/simplemenu/a%00b' });
    expect(menu.statusCode).toBe(400);
    expect(menu.json()).toEqual({
      message: 'Paramètre « code » invalide : caractère nul (U+0000) interdit',
      details: [{ champ: 'code', message: 'caractère nul (U+0000) interdit' }],
    });

    const search = await call('GET', '/service/clients?recherche=a%00b');
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toBe('Paramètre « recherche » invalide : caractère nul (U+0000) interdit');

    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { login: 'admin\u0000', password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe('Champ « login » invalide : caractère nul (U+0000) interdit');

    const nested = await call('POST', '/service/forfaitTransport/simulation', {
      agencyCode: null,
      zoneId: null,
      lines: [{ familyCode: 'F\u0000', weightKg: 1, amountHt: 1 }],
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().details).toEqual([
      { champ: 'lines.0.familyCode', message: 'caractère nul (U+0000) interdit' },
    ]);

    const form = await app.inject({
      method: 'POST',
      url: '/openweb/admin/admin_commandeValideReglement',
      headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'numero=A%00B',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().message).toBe('Champ « numero » invalide : caractère nul (U+0000) interdit');
  });
});

describe('an id beyond the int4 columns', () => {
  it('is answered without a 500 in every path parameter', async () => {
    const failures: string[] = [];
    for (const route of routesWithParams()) {
      for (const session of [admin, customer]) {
        const response = await call(route.method, urlWith(route.url, TOO_BIG_ID), undefined, session);
        if (response.statusCode >= 500)
          failures.push(`${route.method} ${route.url} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it.each([
    ['GET', `/tag/chantier/${TOO_BIG_ID}`, undefined, 'cartRowId'],
    ['PATCH', `/rest/panier/lignes/${TOO_BIG_ID}`, { quantite: 1 }, 'id'],
    ['DELETE', `/rest/panier/lignes/${TOO_BIG_ID}`, undefined, 'id'],
    ['GET', `/rest/panier/livraison?adresseId=${TOO_BIG_ID}`, undefined, 'adresseId'],
    ['POST', '/tag/chantier/', { id: Number(TOO_BIG_ID), tagName: 'x' }, 'id'],
    ['POST', '/tag/chantier/', { id: TOO_BIG_ID, tagName: 'x' }, 'id'],
    [
      'POST',
      '/rest/panier/commande',
      { adresseId: Number(TOO_BIG_ID), transporteurId: 1, modeReglement: 'compte' },
      'adresseId',
    ],
    [
      'POST',
      '/rest/panier/commande',
      { adresseId: 1, transporteurId: TOO_BIG_ID, modeReglement: 'compte' },
      'transporteurId',
    ],
    ['GET', `/rest/compte/mouvements/${TOO_BIG_ID}`, undefined, 'id'],
  ] as const)('is refused with a 400: %s %s', async (method, url, payload, field) => {
    const response = await call(method, url, payload, customer);
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].champ).toBe(field);
  });

  it.each([
    ['DELETE', `/service/transporteur/${TOO_BIG_ID}`, undefined],
    ['POST', `/service/transporteur/${TOO_BIG_ID}/etat`, { etat: true }],
    ['DELETE', `/service/forfaitTransport/${TOO_BIG_ID}`, undefined],
    ['POST', '/openweb/admin/admin_commandeEdite', { id: Number(TOO_BIG_ID), action: 'EXPORT', valide: '1' }],
    ['POST', '/service/transporteur', { id: Number(TOO_BIG_ID), nom: 'Transporteur' }],
    ['POST', '/service/transporteur', { nom: 'Transporteur', id_forfait_transport: Number(TOO_BIG_ID) }],
    ['POST', '/service/forfaitTransport', { tranche: { id: Number(TOO_BIG_ID) }, montant: 1 }],
    ['POST', '/service/forfaitTransport', { id: Number(TOO_BIG_ID), tranche: { id: 1 }, montant: 1 }],
    [
      'POST',
      '/service/forfaitTransport/simulation',
      { agencyCode: null, zoneId: Number(TOO_BIG_ID), lines: [] },
    ],
    [
      'POST',
      '/service/forfaitTransport/simulation',
      { agencyCode: null, zoneId: null, carrierId: Number(TOO_BIG_ID), lines: [] },
    ],
  ] as const)('is refused with a 400 in the back office: %s %s', async (method, url, payload) => {
    const response = await call(method, url, payload);
    expect(response.statusCode).toBe(400);
  });

  it('names the field in the general message', async () => {
    const response = await call('GET', `/tag/chantier/${TOO_BIG_ID}`, undefined, customer);
    expect(response.json()).toEqual({
      message: 'Paramètre « cartRowId » invalide : identifiant attendu (entier de 1 à 2147483647)',
      details: [{ champ: 'cartRowId', message: 'identifiant attendu (entier de 1 à 2147483647)' }],
    });
  });
});

describe('a JSON boolean', () => {
  it.each([
    ['POST', '/tag/chantier/', { id: true, tagName: 'x' }, customer],
    [
      'POST',
      '/rest/panier/commande',
      { adresseId: true, transporteurId: true, modeReglement: 'compte' },
      customer,
    ],
    ['POST', '/openweb/admin/admin_commandeEdite', { id: true, action: 'EXPORT', valide: '1' }, admin],
  ] as const)('is not read as id 1: %s %s', async (method, url, payload, session) => {
    const response = await call(method, url, payload, session);
    expect(response.statusCode).toBe(400);
  });
});

describe('a cart quantity', () => {
  it('is bounded to 99 999', async () => {
    const response = await call(
      'POST',
      '/rest/panier/lignes',
      { codeArticle: 'A1', quantite: 100_000 },
      customer,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Quantité trop grande');
  });
});
