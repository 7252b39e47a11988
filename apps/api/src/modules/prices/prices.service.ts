// Customer prices (docs/contract.md, Customer prices): the one place where the price a viewer pays is
// decided, for the storefront (family pages, product pages), the cart, the checkout and the order
// (whose lines, and so the export file, keep the cart's unit prices). The rule itself is the pure
// resolvePrice of packages/shared; this module loads what it needs: the customer and its type, the
// tariff agency the settings choose, the rules, and the articles' family paths.
import type { DbOrTx } from '@comptoir/db/client';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import { resolvePrice, type PriceCustomer } from '@comptoir/shared/pricing';
import { familyPaths } from '../families/families.service';
import { findCustomer } from '../reference/reference.service';
import { readSetting } from '../settings/settings.service';
import * as repo from './prices.repository';

export type { NewPriceRule, PriceRuleKey, StoredPriceRule } from './prices.repository';

/**
 * Whose prices a request sees: a logged-in customer's; null for visitors and administrators, who see
 * list prices. The tariff agency follows the setting agence.modeSelectionAgence: 'client' the
 * customer's own agency, 'defaut' the default tariff agency (agence.agenceDefautTarif, null: none);
 * 'choix' (an agency the visitor picks) has no picker yet and reads as 'client'. A customer without
 * an agency falls back to the default tariff agency.
 */
export async function priceCustomer(db: DbOrTx, codeClient: string | null): Promise<PriceCustomer | null> {
  if (!codeClient) return null;
  const [customer, mode, defaultAgency] = await Promise.all([
    findCustomer(db, codeClient),
    readSetting(db, SETTING_KEYS.modeSelectionAgence),
    readSetting(db, SETTING_KEYS.agenceDefautTarif),
  ]);
  if (!customer) return null;
  const agencyCode = mode === 'defaut' ? defaultAgency : customer.agencyCode || defaultAgency;
  return { customerCode: customer.code, customerTypeCode: customer.typeCode, agencyCode };
}

/** What a caller prices: an article of a family at a list price (a declinaison: its own list price). */
export interface PriceRequest {
  articleCode: string;
  familyCode: string;
  listPrice: number;
}

/**
 * The price of each request for this customer, in order. One query for the rules and one for the
 * family paths, whatever the number of items; none at all for a visitor.
 */
export async function customerPricesFor(
  db: DbOrTx,
  customer: PriceCustomer | null,
  items: readonly PriceRequest[],
): Promise<number[]> {
  if (!customer || items.length === 0) return items.map((item) => item.listPrice);
  const articleCodes = [...new Set(items.map((item) => item.articleCode))];
  const rules = await repo.findPriceRules(db, customer, articleCodes);
  if (rules.length === 0) return items.map((item) => item.listPrice);
  const paths = rules.some((rule) => rule.familyCode !== null)
    ? await familyPaths(db, [...new Set(items.map((item) => item.familyCode))])
    : new Map<string, string[]>();
  return items.map(
    (item) =>
      resolvePrice(
        {
          articleCode: item.articleCode,
          familyPath: paths.get(item.familyCode) ?? [item.familyCode],
          listPrice: item.listPrice,
        },
        customer,
        rules,
      ).price,
  );
}

/** Shorthand: the prices of `items` as `codeClient` sees them. */
export async function pricesForViewer(
  db: DbOrTx,
  codeClient: string | null,
  items: readonly PriceRequest[],
): Promise<number[]> {
  return customerPricesFor(db, await priceCustomer(db, codeClient), items);
}

export const addPriceRules = (db: DbOrTx, rules: repo.NewPriceRule[]) => repo.insertPriceRules(db, rules);

// ERP imports (docs/import-erp.md, tarifs): the imports module reads and writes the rules through these.
export const priceRulesByKeys = (db: DbOrTx, keys: readonly repo.PriceRuleKey[]) =>
  repo.priceRulesByKeys(db, keys);
export const deletePriceRules = (db: DbOrTx, ids: readonly number[]) => repo.deletePriceRules(db, ids);
