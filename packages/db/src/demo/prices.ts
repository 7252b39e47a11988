// Customer prices of the demo set (docs/contract/customer-prices.md): each professional customer type
// has a discount on one root family; one customer in ten (the first one included) has net prices on
// a few articles, 12 % under the list price, and a discount on one family. Deterministic, like the
// rest of the demo data.
import type { customerPrices } from '../schema';
import { articleAt, FAMILIES } from './catalogue';
import { CUSTOMER_TYPES, customerCode } from './customers';

type PriceRow = typeof customerPrices.$inferInsert;

// The bulk writer takes its columns from the first row: every row names them all.
const EMPTY = {
  customerCode: null,
  customerTypeCode: null,
  articleCode: null,
  familyCode: null,
  agencyCode: null,
  netPrice: null,
  discount: null,
} satisfies PriceRow;

const ROOTS = FAMILIES.filter((family) => family.parentCode === null);
const SUB_FAMILIES = FAMILIES.filter((family) => family.level === 2);
/** Customers with prices of their own: index 0, 10, 20… */
const EVERY = 10;
const ARTICLES_PER_CUSTOMER = 3;

export function buildCustomerPrices(customerCount: number, articleCount: number, now: Date): PriceRow[] {
  const rows: PriceRow[] = CUSTOMER_TYPES.filter((type) => type.professional).map((type, k) => ({
    ...EMPTY,
    customerTypeCode: type.code,
    familyCode: ROOTS[k % ROOTS.length]!.code,
    discount: 3 + 2 * k,
  }));
  for (let index = 0; index < customerCount; index += EVERY) {
    const code = customerCode(index);
    const articles = new Set<number>();
    for (let m = 0; articles.size < Math.min(ARTICLES_PER_CUSTOMER, articleCount); m++)
      articles.add((index * 7 + m * 331) % articleCount);
    for (const articleIndex of articles) {
      const article = articleAt(articleIndex, now).row;
      rows.push({
        ...EMPTY,
        customerCode: code,
        articleCode: article.code,
        netPrice: Math.round(article.priceHt * 0.88 * 100) / 100,
      });
    }
    if (SUB_FAMILIES.length > 0)
      rows.push({
        ...EMPTY,
        customerCode: code,
        familyCode: SUB_FAMILIES[(index / EVERY) % SUB_FAMILIES.length]!.code,
        discount: 10,
      });
  }
  return rows;
}
