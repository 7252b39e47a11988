import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@comptoir/db/client';
import { customerPrices } from '@comptoir/db/schema';
import type { PriceRule } from '@comptoir/shared/pricing';

const ruleColumns = {
  customerCode: customerPrices.customerCode,
  customerTypeCode: customerPrices.customerTypeCode,
  articleCode: customerPrices.articleCode,
  familyCode: customerPrices.familyCode,
  agencyCode: customerPrices.agencyCode,
  netPrice: customerPrices.netPrice,
  discount: customerPrices.discount,
};

/**
 * The rules that may apply to this customer (its own and its type's), at its tariff agency or every
 * agency, for these articles or any family (family rules are few; article rules may be many).
 */
export function findPriceRules(
  db: DbOrTx,
  who: { customerCode: string; customerTypeCode: string; agencyCode: string | null },
  articleCodes: readonly string[],
): Promise<PriceRule[]> {
  return db
    .select(ruleColumns)
    .from(customerPrices)
    .where(
      and(
        or(
          eq(customerPrices.customerCode, who.customerCode),
          eq(customerPrices.customerTypeCode, who.customerTypeCode),
        ),
        who.agencyCode === null
          ? isNull(customerPrices.agencyCode)
          : or(isNull(customerPrices.agencyCode), eq(customerPrices.agencyCode, who.agencyCode)),
        articleCodes.length === 0
          ? isNotNull(customerPrices.familyCode)
          : or(isNotNull(customerPrices.familyCode), inArray(customerPrices.articleCode, [...articleCodes])),
      ),
    );
}

/**
 * Every rule of one customer, or of one customer type, whatever the article, family or agency: what
 * the answer cache keeps per customer and per type (a customer has a few rules, a type few more).
 */
export function priceRulesOf(db: DbOrTx, who: 'customer' | 'type', code: string): Promise<PriceRule[]> {
  const column = who === 'customer' ? customerPrices.customerCode : customerPrices.customerTypeCode;
  return db.select(ruleColumns).from(customerPrices).where(eq(column, code));
}

export type NewPriceRule = typeof customerPrices.$inferInsert;

/** Adds rules (tests and demo data; the ERP import owns the real feed). */
export async function insertPriceRules(db: DbOrTx, rules: NewPriceRule[]): Promise<void> {
  if (rules.length > 0) await db.insert(customerPrices).values(rules);
}

/** A rule's identity: who (customer or type), what (article or family), where (agency or null). */
export interface PriceRuleKey {
  customerCode: string | null;
  customerTypeCode: string | null;
  articleCode: string | null;
  familyCode: string | null;
  agencyCode: string | null;
}

export type StoredPriceRule = PriceRule & { id: number };

/** The rules with these identities (one query, whatever their number). */
export async function priceRulesByKeys(
  db: DbOrTx,
  keys: readonly PriceRuleKey[],
): Promise<StoredPriceRule[]> {
  if (!keys.length) return [];
  const tuples = sql.join(
    keys.map(
      (k) =>
        sql`(${k.customerCode}::text, ${k.customerTypeCode}::text, ${k.articleCode}::text, ${k.familyCode}::text, ${k.agencyCode}::text)`,
    ),
    sql`, `,
  );
  const rows = await queryRows<{
    id: number;
    customer_code: string | null;
    customer_type_code: string | null;
    article_code: string | null;
    family_code: string | null;
    agency_code: string | null;
    net_price: string | null;
    discount: string | null;
  }>(
    db,
    sql`select p.id, p.customer_code, p.customer_type_code, p.article_code, p.family_code, p.agency_code,
          p.net_price, p.discount
        from ${customerPrices} p
        join (values ${tuples}) as k(c, t, a, f, ag)
          on p.customer_code is not distinct from k.c and p.customer_type_code is not distinct from k.t
          and p.article_code is not distinct from k.a and p.family_code is not distinct from k.f
          and p.agency_code is not distinct from k.ag`,
  );
  return rows.map((row) => ({
    id: row.id,
    customerCode: row.customer_code,
    customerTypeCode: row.customer_type_code,
    articleCode: row.article_code,
    familyCode: row.family_code,
    agencyCode: row.agency_code,
    netPrice: row.net_price === null ? null : Number(row.net_price),
    discount: row.discount === null ? null : Number(row.discount),
  }));
}

export async function deletePriceRules(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.delete(customerPrices).where(inArray(customerPrices.id, [...ids]));
}
