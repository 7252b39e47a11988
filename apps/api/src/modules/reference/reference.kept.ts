// What the reference module keeps in the answer cache (plugins/kept-read.ts): the customers the
// storefront reads on every request of a logged-in one, and the agencies' stock-query links.
import type { DbOrTx } from '@comptoir/db/client';
import { keptInSet, keptRead } from '../../plugins/kept-read';
import { agencyStockQueryUrl as readStockQueryUrl } from './agencies.repository';
import { findCustomer as readCustomer } from './customers.repository';

/**
 * The customer of this code, or undefined, kept (one set for all: its agency and prices are read on
 * every request of a logged-in customer) until the customers table changes; an unknown code is not.
 */
export const findCustomer = keptInSet({
  set: 'reference:customers',
  tables: ['customers'],
  key: (code: string) => code,
  load: async (db, code: string) => (await readCustomer(db, code)) || undefined,
});

/** The agency's stock-query URL (the product page's, for a customer), kept until the agencies change. */
export const agencyStockQueryUrl: (db: DbOrTx, code: string) => Promise<string | null> = keptRead({
  key: (code: string) => `reference:stock-query:${code}`,
  tables: ['agencies'],
  load: (db, code: string) => readStockQueryUrl(db, code),
});
