// The price shown is the price charged (docs/contract/customer-prices.md), on the demo data, through
// the real app with its answer cache, for every kind of shopper (a professional with prices of its own,
// a private customer, a visitor under the anonymous customer code, a visitor without one) and every
// tariff-agency mode: every demo article's tile on its root category's pages shows, to the cent, the
// unit price the cart's pricing charges for it; and for demo articles drawn by fast-check, the product
// page's price, the search panel's tile and the category page's tile are the same to the cent, and the
// cart charges that unit price through its routes (the declinaison's when the article has some).
import fc from 'fast-check';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { loadDemoData } from '@comptoir/db/demo/load';
import { agencies, articles, customerPrices, customers, variableDimensions } from '@comptoir/db/schema';
import type { Cart } from '@comptoir/shared/cart';
import type { Categorie, FamilyPage, FicheArticle } from '@comptoir/shared/catalogue';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import { toCents, unitPriceTtc } from '@comptoir/shared/money';
import type { SearchResult } from '@comptoir/shared/search';
import { createCustomerPrice } from '../../test/factories';
import { buildTestApp, createCustomerUser, loginAs, untilChangesHeard, type App } from '../../test/helpers';
import { writeSetting } from '../settings/settings.service';
import { unitPrices } from './prices.service';

let app: App;
/** The demo's active articles not sold cut to size (a cut's cart line needs its pieces and dimensions). */
let codes: string[];
let familyOf: Map<string, string>;
let listPriceOf: Map<string, number>;
let vatRateOf: Map<string, number>;
let agencyCodes: string[];
/** The articles with prices for one agency only (drawn more often: the tariff agency decides them). */
let agencyPriced: string[];

interface ShopperKind {
  name: string;
  /** The session cookie of an account; none for a visitor. */
  cookie: string | null;
  /** A visitor's cart cookie, once its first line opened it. */
  cartCookie?: string;
  /** Whether the cart may be filled: a visitor only under the anonymous customer code. */
  mayOrder: boolean;
  /** The anonymous customer code the settings hold while this shopper looks (visitors). */
  anonymousCode?: string | null;
  /** The customer priced (for its agency-specific rules). */
  pricedCode: string | null;
}
let kinds: ShopperKind[];

beforeAll(async () => {
  app = await buildTestApp({ answerCache: true });
  await loadDemoData(app.db, { now: new Date('2025-06-16T10:00:00Z') });

  const cutUnits = (await app.db.select().from(variableDimensions))
    .filter((row) => Object.entries(row).some(([key, value]) => key !== 'unitCode' && value === true))
    .map((row) => row.unitCode);
  const rows = await app.db
    .select({
      code: articles.code,
      familyCode: articles.familyCode,
      priceHt: articles.priceHt,
      vatRate: articles.vatRate,
      saleUnit: articles.saleUnit,
    })
    .from(articles)
    .where(eq(articles.active, true));
  const sold = rows.filter((row) => !cutUnits.includes(row.saleUnit));
  codes = sold.map((row) => row.code).sort();
  familyOf = new Map(sold.map((row) => [row.code, row.familyCode]));
  listPriceOf = new Map(sold.map((row) => [row.code, row.priceHt]));
  vatRateOf = new Map(sold.map((row) => [row.code, row.vatRate]));
  agencyCodes = (await app.db.select({ code: agencies.code }).from(agencies)).map((a) => a.code).sort();

  // A professional with prices of its own (the demo gives one customer in ten net prices), a private
  // customer, and the anonymous customer of the reproduction (C000113, else a professional with a type
  // discount).
  const ownRules = await app.db
    .selectDistinct({ code: customerPrices.customerCode })
    .from(customerPrices)
    .where(isNotNull(customerPrices.customerCode));
  const candidates = await app.db
    .select()
    .from(customers)
    .where(
      inArray(
        customers.code,
        ownRules.map((r) => r.code!),
      ),
    );
  const professional = candidates.find((c) => c.isProfessional)!;
  const [individual] = await app.db
    .select()
    .from(customers)
    .where(and(eq(customers.isProfessional, false)))
    .limit(1);
  const [wanted] = await app.db.select().from(customers).where(eq(customers.code, 'C000113'));
  const anonymous =
    wanted ?? (await app.db.select().from(customers).where(eq(customers.isProfessional, true)).limit(1))[0]!;

  // Prices for one agency only, so that the tariff agency matters: 0,1 € under the list price at the
  // first agency, 0,2 € at the second, on a few articles, for the professional and the anonymous customer.
  const some = codes.filter((_, index) => index % 50 === 0);
  agencyPriced = some;
  for (const customerCode of [professional.code, anonymous.code])
    for (const articleCode of some)
      for (const [k, agencyCode] of agencyCodes.slice(0, 2).entries())
        await createCustomerPrice(app, {
          customerCode,
          articleCode,
          agencyCode,
          netPrice: Math.max(0.0001, listPriceOf.get(articleCode)! - 0.1 * (k + 1) - 0.0053),
        });

  const sessionOf = async (code: string) => (await loginAs(app, await createCustomerUser(app, code))).cookie;
  kinds = [
    {
      name: 'professionnel',
      cookie: await sessionOf(professional.code),
      mayOrder: true,
      pricedCode: professional.code,
    },
    {
      name: 'particulier',
      cookie: await sessionOf(individual!.code),
      mayOrder: true,
      pricedCode: individual!.code,
    },
    {
      name: 'visiteur sous le code client anonyme',
      cookie: null,
      mayOrder: true,
      anonymousCode: anonymous.code,
      pricedCode: anonymous.code,
    },
    {
      name: 'visiteur sans code client anonyme',
      cookie: null,
      mayOrder: false,
      anonymousCode: null,
      pricedCode: null,
    },
  ];
  await writeSetting(app.db, SETTING_KEYS.allowAnonymousAccess, '1');
  await writeSetting(app.db, SETTING_KEYS.allowAnonymousCommande, '1');
  await writeSetting(app.db, SETTING_KEYS.showAnonymousPrices, '1');
}, 240_000);
afterAll(() => app.close());

async function getJson<T>(url: string, cookie: string | null): Promise<T> {
  const response = await app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, `${url} ${response.body}`).toBe(200);
  return response.json<T>();
}

const join = (...cookies: (string | null | undefined)[]) => cookies.filter(Boolean).join('; ') || null;

/** What the cart charges for one unit of the article (or declinaison); null when the cart refuses it. */
async function charged(
  kind: ShopperKind,
  agencyCookie: string | null,
  codeArticle: string,
  codeDeclinaison: string,
) {
  const cookie = join(kind.cookie, kind.cartCookie, agencyCookie);
  const added = await app.inject({
    method: 'POST',
    url: '/rest/panier/lignes',
    headers: cookie ? { cookie } : {},
    payload: { codeArticle, quantite: 1, ...(codeDeclinaison ? { codeDeclinaison } : {}) },
  });
  // An article the cart refuses (unavailable, say) is charged nothing: there is no price to compare.
  if (added.statusCode === 400) return null;
  expect(added.statusCode, added.body).toBe(200);
  const opened = added.cookies.find((c) => c.name === 'comptoir_visiteur');
  if (opened) kind.cartCookie = `comptoir_visiteur=${opened.value}`;
  const cart = added.json<Cart>();
  const line = cart.lignes.find(
    (l) => l.codeArticle === codeArticle && l.codeDeclinaison === codeDeclinaison,
  )!;
  // One unit: the cart's total incl. tax is the unit price incl. tax the pages show.
  expect(cart.lignes).toHaveLength(1);
  const after = join(kind.cookie, kind.cartCookie, agencyCookie);
  const removed = await app.inject({
    method: 'DELETE',
    url: `/rest/panier/lignes/${line.id}`,
    headers: after ? { cookie: after } : {},
  });
  expect(removed.statusCode, removed.body).toBe(200);
  return { unit: line.prixUnitaireHT, vatRate: line.tauxTVA, totalTtc: cart.totalTTC };
}

const MODES = ['client', 'defaut', 'choix'] as const;
const KIND_NAMES = [
  'professionnel',
  'particulier',
  'visiteur sous le code client anonyme',
  'visiteur sans code client anonyme',
] as const;

/** Every tile of the root categories' pages (each lists its whole subtree), 96 a page, by article code. */
async function everyTile(cookie: string | null) {
  const tiles = new Map<string, FamilyPage['articles']['elements'][number]>();
  for (const root of await getJson<Categorie[]>('/catalogue/categories', cookie))
    for (let page = 0, total = 1; page * 96 < total; page++) {
      const answer = await getJson<FamilyPage>(
        `/catalogue/familles/${root.code}?page=${page}&size=96`,
        cookie,
      );
      total = answer.articles.total;
      for (const tile of answer.articles.elements) tiles.set(tile.codeArticle, tile);
    }
  return tiles;
}

describe.each(MODES)("the tariff-agency mode '%s'", (mode) => {
  beforeAll(async () => {
    await writeSetting(app.db, SETTING_KEYS.modeSelectionAgence, mode);
    await writeSetting(app.db, SETTING_KEYS.agenceDefautTarif, mode === 'defaut' ? agencyCodes[1]! : null);
  });

  /** The settings as this shopper looks: the anonymous customer code for visitors. */
  async function lookAs(kind: ShopperKind) {
    await writeSetting(
      app.db,
      SETTING_KEYS.visiteurCodeClient,
      kind.anonymousCode === undefined ? (kinds[2]!.anonymousCode ?? null) : kind.anonymousCode,
    );
    await untilChangesHeard(app);
    // In 'choix' the shopper has chosen an agency (the first, where the rules differ from the second's).
    return mode === 'choix' ? `comptoir_agence=${agencyCodes[0]}` : null;
  }

  it.each(KIND_NAMES.map((name, index) => [name, index] as const))(
    'shows the %s every demo article on its category page at the price the cart charges',
    async (_name, index) => {
      const kind = kinds[index]!;
      const tiles = await everyTile(join(kind.cookie, await lookAs(kind)));
      // The cart prices its lines with unitPrices, for the customer priced (none: list prices).
      const charged = await unitPrices(
        app.db,
        kind.pricedCode === null ? null : { codeClient: kind.pricedCode },
        codes.map((code) => ({
          articleCode: code,
          familyCode: familyOf.get(code)!,
          listPrice: listPriceOf.get(code)!,
        })),
      );
      const differences = codes.flatMap((code, i) => {
        const tile = tiles.get(code);
        const ttc = unitPriceTtc(charged[i]!, vatRateOf.get(code)!);
        return tile?.prixHT === charged[i] && tile?.prixTTC === ttc
          ? []
          : [{ code, shown: [tile?.prixHT, tile?.prixTTC], charged: [charged[i], ttc] }];
      });
      expect(differences).toEqual([]);
    },
  );

  it.each(KIND_NAMES.map((name, index) => [name, index] as const))(
    'shows the %s the price the cart charges',
    async (_name, index) => {
      const kind = kinds[index]!;
      const agencyCookie = await lookAs(kind);
      const cookie = join(kind.cookie, agencyCookie);
      let compared = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.constantFrom(...codes), fc.constantFrom(...agencyPriced)),
          fc.nat(),
          async (code, pick) => {
            const product = await getJson<FicheArticle>(`/catalogue/articles/${code}`, cookie);
            expect(product.prixHT).toBeDefined();
            // The search panel's tile and the category page's tile: the same price, to the cent.
            const search = await getJson<SearchResult>(`/rest/recherche/${code}`, cookie);
            const found = search.articles.find((a) => a.codeArticle === code);
            if (found) {
              expect(toCents(found.prixHT!)).toBe(toCents(product.prixHT!));
              expect(found.prixHT).toBe(product.prixHT);
              expect(found.prixTTC).toBe(product.prixTTC);
            }
            const family = await getJson<FamilyPage>(
              `/catalogue/familles/${familyOf.get(code)}?page=0&size=96`,
              cookie,
            );
            const tile = family.articles.elements.find((a) => a.codeArticle === code);
            if (tile) {
              expect(tile.prixHT).toBe(product.prixHT);
              expect(tile.prixTTC).toBe(product.prixTTC);
            }
            if (kind.pricedCode === null) expect(product.prixHT).toBe(listPriceOf.get(code));
            if (!kind.mayOrder) return;

            const variant = product.declinaisons[pick % Math.max(1, product.declinaisons.length)];
            const shown = variant ? variant.prixHT! : product.prixHT!;
            const cart = await charged(kind, agencyCookie, code, variant?.HIDDEN_CODE_DECLINAISON ?? '');
            if (!cart) return;
            compared++;
            expect(cart.unit).toBe(shown);
            expect(toCents(cart.totalTtc)).toBe(toCents(unitPriceTtc(shown, cart.vatRate)));
            if (!variant) expect(cart.totalTtc).toBe(product.prixTTC);
          },
        ),
        { numRuns: 60, seed: 34 + index * 7 + MODES.indexOf(mode) },
      );
      if (kind.mayOrder) expect(compared).toBeGreaterThan(40);
    },
  );
});
