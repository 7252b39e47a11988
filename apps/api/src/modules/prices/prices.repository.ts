import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
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

export type NewPriceRule = typeof customerPrices.$inferInsert;

/** Adds rules (tests and demo data; the ERP import owns the real feed). */
export async function insertPriceRules(db: DbOrTx, rules: NewPriceRule[]): Promise<void> {
  if (rules.length > 0) await db.insert(customerPrices).values(rules);
}
