// The soak's workload: the classes of requests its connections draw from, by weight, and what each
// builds from the fixtures (soak-fixtures.ts) and the customer its connection shops as. Besides the
// JSON routes of the storefront and the back office, real traffic (traffic.ts): the storefront's HTML
// pages as a plain visitor (the product pages each asked once until every article has been) and
// searches that never repeat.
import { CART_MESSAGES } from '@comptoir/shared/cart';
import { familyLink } from '@comptoir/shared/catalogue';
import { QUANTITY_MESSAGES } from '@comptoir/shared/quantity-rules';
import { searchPath, type Catalogue } from './traffic';

/** What the shop holds, read before the load: every request is drawn from it. */
export interface Fixtures {
  activities: string[];
  rootFamilies: string[];
  families: { code: string; pages: number }[];
  /** Articles a customer can put in the cart, with a declinaison when the article has some. */
  buyable: { article: string; declinaison?: string }[];
  articles: string[];
  searchTexts: string[];
  carrierIds: number[];
  agencies: string[];
  zoneIds: number[];
  customers: string[];
  references: string[];
  orderPages: number;
  /** First and last day (YYYY-MM-DD) holding orders. */
  orderDays: [string, string];
  /** Every active article, the families holding some: what the pages draw from. */
  catalogue: Catalogue;
  /** The next product page never asked yet in the run (past the last article, from the first again). */
  nextProductPage: () => string;
  /** The next search text never sent yet in the run. */
  nextSearch: () => string;
}

/** One customer the load shops as, with what its own requests draw from and what they learn. */
export interface Shopper {
  code: string;
  cookie: string;
  addressIds: number[];
  paymentMethods: string[];
  orderIds: number[];
  /** The cart's line ids, learnt as the load goes (for quantity changes). */
  cartLineIds: number[];
}

export type Auth = 'none' | 'customer' | 'admin' | 'either';

export interface Built {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
  /** An HTML page: sent with a browser's headers (traffic.ts, PAGE_HEADERS). */
  page?: boolean;
}

export interface RouteClass {
  name: string;
  weight: number;
  auth: Auth;
  build: (f: Fixtures, shopper: Shopper) => Built;
  /** 4xx answers the shop gives by design under this load: status → exact messages. */
  expected?: Record<number, readonly string[]>;
}

export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
export const chance = (p: number) => Math.random() < p;
export const int = (max: number) => Math.floor(Math.random() * max);
/** Mostly the first pages, as shoppers and agents browse. */
const skewedPage = (pages: number) => Math.min(pages - 1, Math.floor(pages * Math.random() ** 3));
const enc = encodeURIComponent;

export const CLASSES: RouteClass[] = [
  {
    name: 'home',
    weight: 8,
    auth: 'either',
    build: () => ({
      method: 'GET',
      path: pick(['/menu/activites', '/catalogue/categories', '/catalogue/parametres']),
    }),
  },
  {
    name: 'menu',
    weight: 4,
    auth: 'either',
    build: (f) =>
      chance(0.5)
        ? { method: 'GET', path: `/submenu/${enc(pick(f.activities))}` }
        : { method: 'GET', path: `/simplemenu/${enc(pick(f.families).code)}` },
  },
  {
    name: 'category',
    weight: 14,
    auth: 'either',
    build: (f) => {
      const family = chance(0.2) ? { code: pick(f.rootFamilies), pages: 1 } : pick(f.families);
      const page = skewedPage(family.pages);
      return { method: 'GET', path: `/catalogue/familles/${enc(family.code)}${page ? `?page=${page}` : ''}` };
    },
  },
  {
    name: 'product',
    weight: 18,
    auth: 'either',
    build: (f) => ({ method: 'GET', path: `/catalogue/articles/${enc(pick(f.articles))}` }),
  },
  {
    name: 'search',
    weight: 14,
    auth: 'either',
    build: (f) => {
      const text = enc(pick(f.searchTexts));
      return chance(0.2)
        ? { method: 'GET', path: `/rest/recherche/${text}/tout?page=${int(3)}` }
        : { method: 'GET', path: `/rest/recherche/${text}` };
    },
  },
  {
    name: 'cart-read',
    weight: 6,
    auth: 'customer',
    build: () => ({ method: 'GET', path: '/rest/panier' }),
  },
  {
    name: 'cart-add',
    weight: 5,
    auth: 'customer',
    build: (f) => {
      const item = pick(f.buyable);
      return {
        method: 'POST',
        path: '/rest/panier/lignes',
        body: { codeArticle: item.article, codeDeclinaison: item.declinaison, quantite: 1 + int(10) },
      };
    },
    // Lines of one article add up: a line past the bound is refused, unchanged; an article out of
    // stock at the customer's agency, with no supplier's delay, is refused.
    expected: { 400: [CART_MESSAGES.quantityTooLarge, QUANTITY_MESSAGES.unavailable] },
  },
  {
    name: 'cart-update',
    weight: 1,
    auth: 'customer',
    build: (_f, shopper) => ({
      method: 'PATCH',
      path: `/rest/panier/lignes/${shopper.cartLineIds.length ? pick(shopper.cartLineIds) : 1}`,
      body: { quantite: 1 + int(20) },
    }),
    // A checkout running at the same time empties the cart: the line is gone.
    expected: { 404: [CART_MESSAGES.unknownLine] },
  },
  {
    name: 'checkout-options',
    weight: 2,
    auth: 'customer',
    build: (_f, shopper) => ({
      method: 'GET',
      path: chance(0.5)
        ? '/rest/panier/livraison'
        : `/rest/panier/livraison?adresseId=${pick(shopper.addressIds)}`,
    }),
  },
  {
    name: 'checkout',
    weight: 0.5,
    auth: 'customer',
    build: (f, shopper) => {
      const method = pick(shopper.paymentMethods);
      return {
        method: 'POST',
        path: '/rest/panier/commande',
        body: {
          adresseId: pick(shopper.addressIds),
          transporteurId: pick(f.carrierIds),
          modeReglement: method,
          // The demo shop's CGV, version 1: an order is refused without them.
          versionCGV: 1,
          refClient: chance(0.5) ? `SOAK-${int(1e6)}` : undefined,
        },
      };
    },
    // Two checkouts of one cart place one order: the other finds the cart empty.
    expected: { 400: [CART_MESSAGES.emptyCart] },
  },
  {
    name: 'account',
    weight: 2,
    auth: 'customer',
    build: (_f, shopper) =>
      chance(0.7) || shopper.orderIds.length === 0
        ? { method: 'GET', path: `/rest/compte/mouvements?page=${skewedPage(3)}` }
        : {
            method: 'GET',
            path: `/rest/compte/mouvements/${pick(shopper.orderIds)}?codeClient=${shopper.code}`,
          },
  },
  {
    name: 'admin-orders',
    weight: 12,
    auth: 'admin',
    build: (f) => {
      const query = new URLSearchParams();
      const filter = Math.random();
      if (filter < 0.4) {
        const page = skewedPage(f.orderPages);
        if (page) query.set('page', String(page));
      } else if (filter < 0.6) query.set('codeClient', pick(f.customers));
      else if (filter < 0.75) query.set('codeAgence', pick(f.agencies));
      else if (filter < 0.9) {
        const [first, last] = f.orderDays.map((d) => Date.parse(d));
        const start = first! + int((last! - first!) / 86_400_000) * 86_400_000;
        query.set('dateDebut', new Date(start).toISOString().slice(0, 10));
        query.set(
          'dateFin',
          new Date(Math.min(last!, start + int(60) * 86_400_000)).toISOString().slice(0, 10),
        );
        if (chance(0.3)) query.set('codeAgence', pick(f.agencies));
      } else query.set('reference', pick(f.references));
      if (chance(0.2)) query.set('size', pick(['50', '100']));
      const search = query.toString();
      return { method: 'GET', path: `/admin/commandes/fetch${search ? `?${search}` : ''}` };
    },
  },
  {
    name: 'admin-carriers',
    weight: 3,
    auth: 'admin',
    build: () => ({
      method: 'GET',
      path: pick(['/service/transporteurs', '/service/transporteurs', '/service/transporteur/options']),
    }),
  },
  {
    name: 'admin-fees',
    weight: 4,
    auth: 'admin',
    build: (f) =>
      chance(0.25)
        ? {
            method: 'POST',
            path: '/service/forfaitTransport/simulation',
            body: {
              agencyCode: pick(f.agencies),
              zoneId: pick(f.zoneIds),
              carrierId: chance(0.5) ? pick(f.carrierIds) : null,
              lines: Array.from({ length: 1 + int(5) }, () => ({
                familyCode: pick(f.families).code,
                weightKg: Math.round(Math.random() * 2000) / 10,
                amountHt: Math.round(Math.random() * 50_000) / 100,
              })),
            },
          }
        : {
            method: 'GET',
            path: pick([
              '/service/forfaitsTransport',
              '/service/tranches',
              '/service/typeForfaitTransport',
              '/service/zones',
            ]),
          },
  },
  {
    name: 'admin-home',
    weight: 2,
    auth: 'admin',
    build: () => ({ method: 'GET', path: '/admin/accueil' }),
  },
  {
    name: 'page-home',
    weight: 3,
    auth: 'none',
    build: () => ({ method: 'GET', path: '/', page: true }),
  },
  {
    name: 'page-category',
    weight: 3,
    auth: 'none',
    build: (f) => ({ method: 'GET', path: familyLink(pick(f.catalogue.families)), page: true }),
  },
  {
    name: 'page-product',
    weight: 5,
    auth: 'none',
    build: (f) => ({ method: 'GET', path: f.nextProductPage(), page: true }),
  },
  {
    name: 'search-new',
    weight: 4,
    auth: 'either',
    build: (f) => ({ method: 'GET', path: searchPath(f.nextSearch()) }),
  },
];
