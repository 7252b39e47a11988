// Customer prices from the ERP. (packages/db/src/schema.ts re-exports every file of the schema.)
import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { families, articles } from './catalogue';
import { agencies, customerTypes, customers } from './customers';

/**
 * Customer prices from the ERP: a net price or a discount (percent off the list price) for one
 * customer or one customer type, on one article or one family (and its subtree), at one agency or
 * all (null). Resolution: packages/shared/src/pricing.ts.
 */
export const customerPrices = pgTable(
  'customer_prices',
  {
    id: serial('id').primaryKey(),
    customerCode: text('customer_code').references(() => customers.code, { onDelete: 'cascade' }),
    customerTypeCode: text('customer_type_code').references(() => customerTypes.code, {
      onDelete: 'cascade',
    }),
    articleCode: text('article_code').references(() => articles.code, { onDelete: 'cascade' }),
    familyCode: text('family_code').references(() => families.code, { onDelete: 'cascade' }),
    agencyCode: text('agency_code').references(() => agencies.code, { onDelete: 'cascade' }),
    netPrice: numeric('net_price', { precision: 12, scale: 4, mode: 'number' }),
    discount: numeric('discount', { precision: 5, scale: 2, mode: 'number' }),
  },
  (t) => [
    check('customer_prices_who', sql`num_nonnulls(${t.customerCode}, ${t.customerTypeCode}) = 1`),
    check('customer_prices_what', sql`num_nonnulls(${t.articleCode}, ${t.familyCode}) = 1`),
    check('customer_prices_how', sql`num_nonnulls(${t.netPrice}, ${t.discount}) = 1`),
    check('customer_prices_discount', sql`${t.discount} between 0 and 100`),
    unique('customer_prices_unique')
      .on(t.customerCode, t.customerTypeCode, t.articleCode, t.familyCode, t.agencyCode)
      .nullsNotDistinct(),
    index('customer_prices_customer_idx').on(t.customerCode),
    index('customer_prices_type_idx').on(t.customerTypeCode),
  ],
);
