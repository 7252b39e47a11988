// Customer prices (docs/contract/customer-prices.md): the ERP gives net prices or discounts per
// customer or customer type, for an article or a family of the sales plan, for one agency or all.
// The price a customer pays is resolved here, once, for the storefront, the cart, the order and its
// export alike.
import { discounted } from './money';

/** One tariff row. Exactly one of customerCode/customerTypeCode, articleCode/familyCode, netPrice/discount. */
export interface PriceRule {
  customerCode: string | null;
  customerTypeCode: string | null;
  articleCode: string | null;
  familyCode: string | null;
  /** null: every agency. */
  agencyCode: string | null;
  /** Net price excl. tax, replacing the list price. */
  netPrice: number | null;
  /** Discount in percent off the list price (0 to 100). */
  discount: number | null;
}

/** Who buys, and at which tariff agency (null: none, only rules for every agency apply). */
export interface PriceCustomer {
  customerCode: string;
  customerTypeCode: string;
  agencyCode: string | null;
}

/** What is priced: the article, its family path (root first, the article's own family last) and its list price. */
export interface PricedItem {
  articleCode: string;
  familyPath: readonly string[];
  listPrice: number;
}

export type PriceSource = 'client' | 'typeClient' | 'tarif';

export interface ResolvedPrice {
  price: number;
  source: PriceSource;
  rule: PriceRule | null;
}

/**
 * The rank of a rule for this customer and item; lower wins, null when it does not apply.
 * Precedence: the customer's own rules before its type's; within each, the article before a family,
 * and a nearer family before a farther one; at equal rank, the tariff agency's rule before one for
 * every agency.
 */
function rank(rule: PriceRule, customer: PriceCustomer, item: PricedItem): number | null {
  let who: number;
  if (rule.customerCode !== null) {
    if (rule.customerCode !== customer.customerCode) return null;
    who = 0;
  } else if (rule.customerTypeCode !== null) {
    if (rule.customerTypeCode !== customer.customerTypeCode) return null;
    who = 1;
  } else return null;
  if (rule.agencyCode !== null && rule.agencyCode !== customer.agencyCode) return null;
  let what: number;
  if (rule.articleCode !== null) {
    if (rule.articleCode !== item.articleCode) return null;
    what = 0;
  } else if (rule.familyCode !== null) {
    const depth = item.familyPath.lastIndexOf(rule.familyCode);
    if (depth < 0) return null;
    what = 1 + (item.familyPath.length - 1 - depth); // the article's own family is 1, its parent 2…
  } else return null;
  const agency = rule.agencyCode === null ? 1 : 0;
  return (who * 100 + what) * 2 + agency;
}

/** The price of `item` for `customer` (null: a visitor or an administrator, who see list prices). */
export function resolvePrice(
  item: PricedItem,
  customer: PriceCustomer | null,
  rules: readonly PriceRule[],
): ResolvedPrice {
  let best: { rule: PriceRule; rank: number } | null = null;
  if (customer) {
    for (const rule of rules) {
      const r = rank(rule, customer, item);
      if (r !== null && (best === null || r < best.rank)) best = { rule, rank: r };
    }
  }
  if (!best) return { price: item.listPrice, source: 'tarif', rule: null };
  const { rule } = best;
  const price = rule.netPrice !== null ? rule.netPrice : discounted(item.listPrice, rule.discount ?? 0); // kept to 4 decimals, like the list prices
  return { price, source: rule.customerCode !== null ? 'client' : 'typeClient', rule };
}
