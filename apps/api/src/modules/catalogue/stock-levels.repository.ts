// The stock sums the storefront shows (stock-levels.ts reads a viewer's quantity from them).
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@comptoir/db/client';
import { stock } from '@comptoir/db/schema';
import type { StockSumRow } from './stock-levels';

/**
 * The stock of these articles summed every way a page asks it: at each agency and in all agencies
 * together, for the article (its declinaisons together) and for each declinaison. An article with no
 * stock row gives none.
 */
export function stockSumsOf(db: DbOrTx, codes: readonly string[]): Promise<StockSumRow[]> {
  if (codes.length === 0) return Promise.resolve([]);
  // grouping() is 1 for a column summed over: its value is then null, the sum of all of them.
  return queryRows<StockSumRow>(
    db,
    sql`select ${stock.articleCode} as "articleCode",
        case when grouping(${stock.variantCode}) = 0 then ${stock.variantCode} end as "variantCode",
        case when grouping(${stock.agencyCode}) = 0 then ${stock.agencyCode} end as "agencyCode",
        sum(${stock.quantity})::float8 as "quantity"
      from ${stock}
      where ${stock.articleCode} = any(${sql.param([...codes])}::text[])
      group by grouping sets (
        (${stock.articleCode}, ${stock.agencyCode}),
        (${stock.articleCode}),
        (${stock.articleCode}, ${stock.variantCode}, ${stock.agencyCode}),
        (${stock.articleCode}, ${stock.variantCode})
      )`,
  );
}
