// Customer prices (docs/contract/customer-prices.md): the one place where the price a shopper pays is
// decided, for the storefront (family pages, product pages, search), the cart, the checkout and the
// order (whose lines, and so the order page, the mail and the export file, keep the cart's unit
// prices). unitPrices is that function; the rule itself is the pure resolvePrice of packages/shared.
// This module loads what it needs: whose prices apply, the customer and its type, the tariff agency the
// settings choose, the rules, and the articles' family paths.
import type { DbOrTx } from '@comptoir/db/client';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import { resolvePrice, type PriceCustomer, type PriceRule } from '@comptoir/shared/pricing';
import { familyPaths } from '../families/families.service';
import { findCustomer } from '../reference/reference.service';
import { readConnectionSettings, readSetting } from '../settings/settings.service';
import { keptRules, rulesKept } from './prices.kept';
import * as repo from './prices.repository';

export type { NewPriceRule, PriceRuleKey, StoredPriceRule } from './prices.repository';

/**
 * Who is priced: an account (a customer's; an administrator's, whose code is null), a visitor's cart
 * account (`visitor`: ordering without an account as the anonymous customer), or null for a visitor
 * without any session.
 */
export type PricedShopper = { codeClient: string | null; visitor?: boolean } | null;

/**
 * The customer whose prices a shopper pays: a customer account's own; a visitor's (with or without a
 * cart) the anonymous customer code (connexion.visiteurCodeClient), null when none is set; null for an
 * administrator. Null: list prices.
 */
export async function pricedAs(db: DbOrTx, shopper: PricedShopper): Promise<string | null> {
  if (shopper && !shopper.visitor) return shopper.codeClient;
  return (await readConnectionSettings(db)).visiteurCodeClient;
}

/**
 * THE unit price excl. tax of each item for this shopper, in order: what every page shows and what the
 * cart charges (docs/contract/customer-prices.md). Kept to 4 decimals, as the ERP gives them.
 */
export async function unitPrices(
  db: DbOrTx,
  shopper: PricedShopper,
  items: readonly PriceRequest[],
): Promise<number[]> {
  return customerPricesFor(db, await priceCustomer(db, await pricedAs(db, shopper)), items);
}

/**
 * The customer `codeClient` as pricing reads it, with its tariff agency (null code: list prices). The
 * tariff agency follows the setting agence.modeSelectionAgence: 'client' the customer's own agency,
 * 'defaut' the default tariff agency (agence.agenceDefautTarif, null: none); 'choix' the customer's own
 * agency too, where its orders are placed (the agency a visitor chooses decides the stock shown). A
 * customer without an agency falls back to the default tariff agency.
 */
async function priceCustomer(db: DbOrTx, codeClient: string | null): Promise<PriceCustomer | null> {
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
 * The price of each request for this customer, in order. Outside a transaction, with the app's answer
 * cache, from the rules kept per customer and per type (keptRules): nothing is read once warm. Else one
 * query for the rules and one for the family paths, whatever the number of items. None for a visitor.
 */
async function customerPricesFor(
  db: DbOrTx,
  customer: PriceCustomer | null,
  items: readonly PriceRequest[],
): Promise<number[]> {
  if (!customer || items.length === 0) return items.map((item) => item.listPrice);
  if (rulesKept(db)) {
    const kept = await Promise.all([
      keptRules(db, 'customer', customer.customerCode),
      keptRules(db, 'type', customer.customerTypeCode),
    ]);
    const rulesOf = (item: PriceRequest, path: readonly string[]) =>
      kept.flatMap((index) => [
        ...(index.byArticle.get(item.articleCode) ?? []),
        ...path.flatMap((family) => index.byFamily.get(family) ?? []),
      ]);
    return priceEach(
      db,
      customer,
      items,
      kept.some((index) => index.byFamily.size > 0),
      rulesOf,
    );
  }
  const articleCodes = [...new Set(items.map((item) => item.articleCode))];
  const rules = await repo.findPriceRules(db, customer, articleCodes);
  return priceEach(
    db,
    customer,
    items,
    rules.some((rule) => rule.familyCode !== null),
    () => rules,
  );
}

/** Each item's price by the rules `rulesOf` gives it; the family paths are read when a family rule may apply. */
async function priceEach(
  db: DbOrTx,
  customer: PriceCustomer,
  items: readonly PriceRequest[],
  familyRules: boolean,
  rulesOf: (item: PriceRequest, path: readonly string[]) => readonly PriceRule[],
): Promise<number[]> {
  const paths = familyRules
    ? await familyPaths(db, [...new Set(items.map((item) => item.familyCode))])
    : new Map<string, string[]>();
  return items.map((item) => {
    const familyPath = paths.get(item.familyCode) ?? [item.familyCode];
    const rules = rulesOf(item, familyPath);
    if (rules.length === 0) return item.listPrice;
    return resolvePrice(
      { articleCode: item.articleCode, familyPath, listPrice: item.listPrice },
      customer,
      rules,
    ).price;
  });
}

export const addPriceRules = (db: DbOrTx, rules: repo.NewPriceRule[]) => repo.insertPriceRules(db, rules);

// ERP imports (docs/import-erp.md, tarifs): the imports module reads and writes the rules through these.
export const priceRulesByKeys = (db: DbOrTx, keys: readonly repo.PriceRuleKey[]) =>
  repo.priceRulesByKeys(db, keys);
export const deletePriceRules = (db: DbOrTx, ids: readonly number[]) => repo.deletePriceRules(db, ids);
