// What the reference module's lists share: text compared with case and accents ignored, and the
// code/label tables (agencies, customer types) listed by label.
import { and, asc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import type { agencies, customerTypes } from '@comptoir/db/schema';
import { escapeLike } from '@comptoir/shared/text';

// Case and accents ignored, as the trigram indexes on immutable_unaccent(lower(...)) are built, so
// that 'Éric' sorts and matches with the e's whatever the database collation.
export const folded = (column: AnyColumn) => sql`immutable_unaccent(lower(${column}))`;
export const contains = (column: AnyColumn, text: string) =>
  sql`${folded(column)} like '%' || immutable_unaccent(lower(${escapeLike(text)})) || '%'`;

export interface CodeLabelRow {
  code: string;
  label: string;
}

/** Filters of the code/label lists: the code equals `code`, the label contains `labelContains`. */
export interface CodeLabelFilters {
  code?: string;
  labelContains?: string;
  limit?: number;
}

/** The rows of a code/label table (agencies, customer types) matching `filters`, by label. */
export function findCodeLabels(
  db: DbOrTx,
  table: typeof agencies | typeof customerTypes,
  filters: CodeLabelFilters,
): Promise<CodeLabelRow[]> {
  const query = db
    .select({ code: table.code, label: table.label })
    .from(table)
    .where(
      and(
        filters.code !== undefined ? eq(table.code, filters.code) : undefined,
        filters.labelContains ? contains(table.label, filters.labelContains) : undefined,
      ),
    )
    .orderBy(folded(table.label), asc(table.code))
    .$dynamic();
  return filters.limit === undefined ? query : query.limit(filters.limit);
}
