// Customer prices (docs/contract.md, Customer prices): the one place where the price a viewer pays is
// decided, for the storefront (family pages, product pages), the cart, the checkout and the order
// (whose lines, and so the export file, keep the cart's unit prices). The rule itself is the pure
// resolvePrice of packages/shared; this module loads what it needs: the customer and its type, the
// tariff agency the settings choose, the rules, and the articles' family paths.
import type { DbOrTx } from '@comptoir/db/client';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import { resolvePrice, type PriceCustomer, type PriceRule } from '@comptoir/shared/pricing';
import { answerCacheOf, keptValues } from '../../plugins/answer-cache';
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
 * The price of each request for this customer, in order. Outside a transaction, with the app's answer
 * cache, from the rules kept per customer and per type (keptRules): nothing is read once warm. Else one
 * query for the rules and one for the family paths, whatever the number of items. None for a visitor.
 */
export async function customerPricesFor(
  db: DbOrTx,
  customer: PriceCustomer | null,
  items: readonly PriceRequest[],
): Promise<number[]> {
  if (!customer || items.length === 0) return items.map((item) => item.listPrice);
  if (answerCacheOf(db)) {
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

/** A customer's or a type's rules, by article and by family: an item's candidates in two lookups. */
interface RuleIndex {
  byArticle: ReadonlyMap<string, readonly PriceRule[]>;
  byFamily: ReadonlyMap<string, readonly PriceRule[]>;
}

function indexRules(rules: readonly PriceRule[]): RuleIndex {
  const byArticle = new Map<string, PriceRule[]>();
  const byFamily = new Map<string, PriceRule[]>();
  for (const rule of rules) {
    const [map, key] =
      rule.articleCode !== null ? [byArticle, rule.articleCode] : [byFamily, rule.familyCode];
    if (key === null) continue;
    const list = map.get(key);
    if (list) list.push(rule);
    else map.set(key, [rule]);
  }
  return { byArticle, byFamily };
}

/**
 * Every rule of a customer (kept per customer, in a bounded set: 54 400 customers at the benchmark's
 * scale, most without rules of their own) or of a type (few), until customer_prices changes
 * (migration 0021). Which of them apply (agency, article, family) is resolvePrice's.
 */
async function keptRules(db: DbOrTx, who: 'customer' | 'type', code: string): Promise<RuleIndex> {
  const kept = await keptValues(db, `prices:rules:${who}`, RULE_TABLES, [code], async () => {
    return new Map([[code, indexRules(await repo.priceRulesOf(db, who, code))]]);
  });
  return kept.get(code)!;
}

/** The tables a customer's rules are read from. */
const RULE_TABLES = ['customer_prices'] as const;

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
