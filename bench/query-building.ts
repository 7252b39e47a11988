// What building a query costs the server (docs/performance/database.md):
//   npx tsx bench/query-building.ts [--calls N]
// Calls each of the most sent repository functions N times on a database client that refuses every
// query at once: the time of a call is then drizzle's building of the query (none for a prepared one,
// built once), the call and its promise, without any database work. An empty call is printed beside
// them for the floor.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { DbOrTx } from '@comptoir/db/client';
import * as schema from '@comptoir/db/schema';
import * as cart from '../apps/api/src/modules/cart/cart.repository';
import * as productPage from '../apps/api/src/modules/catalogue/product-page.repository';
import * as stockLevels from '../apps/api/src/modules/catalogue/stock-levels.repository';
import * as storefrontList from '../apps/api/src/modules/catalogue/storefront-list.repository';
import * as orders from '../apps/api/src/modules/orders/orders-list.repository';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '10000' } } });
const calls = Number(values.calls);
if (!Number.isInteger(calls) || calls < 100) {
  console.log('Usage : npx tsx bench/query-building.ts [--calls N]   (N ≥ 100 ; 10000 par défaut)');
  process.exit(2);
}

const refusing = {
  query: () => Promise.reject(new Error('refused')),
};
const db = drizzle({ client: refusing as never, schema }) as unknown as DbOrTx;

/** Microseconds per call of `call`, after a warm-up of a fifth as many calls. */
async function perCall(call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < calls / 5; i++) await call().catch(() => {});
  const start = performance.now();
  for (let i = 0; i < calls; i++) await call().catch(() => {});
  return ((performance.now() - start) * 1000) / calls;
}

const TWENTY_FOUR = Array.from({ length: 24 }, (_, i) => String(100_001 + i));

const measured: [string, () => Promise<unknown>][] = [
  ['appel vide', () => Promise.reject(new Error('refused'))],
  ['fiche article (findProductRows)', () => productPage.findProductRows(db, '100016')],
  ['stock de 24 articles (stockSumsOf), non préparée', () => stockLevels.stockSumsOf(db, TWENTY_FOUR)],
  ['lignes du panier (findUserCartLines)', () => cart.findUserCartLines(db, 5)],
  ['lignes du panier (findCartLines)', () => cart.findCartLines(db, 5)],
  [
    'vignettes d’une famille (articleCardsIn)',
    () => storefrontList.articleCardsIn(db, ['BO01', 'BO0101', 'BO0102'], { offset: 0, limit: 24 }),
  ],
  [
    'liste des commandes (orderPageQuery), non préparée',
    async () => orders.orderPageQuery(db, {}, { offset: 0, limit: 20 }),
  ],
  [
    'liste des commandes (findOrderPage), client et dates',
    () =>
      orders.findOrderPage(
        db,
        { codeClient: 'C000001', dateDebut: '2026-01-01', dateFin: '2026-01-31' },
        { offset: 20, limit: 20 },
      ),
  ],
  ['total de la liste (findOrderCount), client', () => orders.findOrderCount(db, { codeClient: 'C000001' })],
];

console.log(`| requête | µs par appel (${calls} appels) |\n| --- | ---: |`);
for (const [label, call] of measured) console.log(`| ${label} | ${(await perCall(call)).toFixed(1)} |`);
