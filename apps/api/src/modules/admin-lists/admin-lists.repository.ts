import { and, asc, eq, ilike, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { agencies, customerTypes, customers } from '@comptoir/db/schema';
import type { ValLib } from '@comptoir/shared/reference';

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// Case and accents ignored, as the trigram indexes on immutable_unaccent(lower(...)) are built.
const folded = (column: AnyColumn) => sql`immutable_unaccent(lower(${column}))`;
const contains = (column: AnyColumn, text: string) =>
  sql`${folded(column)} like '%' || immutable_unaccent(lower(${escapeLike(text)})) || '%'`;

export interface ListFilters {
  /** VAL filter: equality, or a prefix where the table says so. */
  value?: string;
  /** LIB contains it, ignoring case and accents. */
  label?: string;
  limit: number;
}

/** Customers: VAL = code (starts with `value`, any case), LIB = name; optionally of some types only. */
export function customerChoices(
  db: DbOrTx,
  filters: ListFilters & { typeCodes?: string[] },
): Promise<ValLib[]> {
  const conditions: (SQL | undefined)[] = [
    filters.value ? ilike(customers.code, `${escapeLike(filters.value)}%`) : undefined,
    filters.label ? contains(customers.name, filters.label) : undefined,
    filters.typeCodes ? inArray(customers.typeCode, filters.typeCodes) : undefined,
  ];
  return db
    .select({ VAL: customers.code, LIB: customers.name })
    .from(customers)
    .where(and(...conditions))
    .orderBy(folded(customers.name), asc(customers.code))
    .limit(filters.limit);
}

/** Customer types: VAL = code (equals `value`), LIB = label. */
export function customerTypeChoices(db: DbOrTx, filters: ListFilters): Promise<ValLib[]> {
  return db
    .select({ VAL: customerTypes.code, LIB: customerTypes.label })
    .from(customerTypes)
    .where(
      and(
        filters.value ? eq(customerTypes.code, filters.value) : undefined,
        filters.label ? contains(customerTypes.label, filters.label) : undefined,
      ),
    )
    .orderBy(folded(customerTypes.label), asc(customerTypes.code))
    .limit(filters.limit);
}

/** Agencies: VAL = code_agence (equals `value`), LIB = libelle_agence. */
export function agencyChoices(db: DbOrTx, filters: ListFilters): Promise<ValLib[]> {
  return db
    .select({ VAL: agencies.code, LIB: agencies.label })
    .from(agencies)
    .where(
      and(
        filters.value ? eq(agencies.code, filters.value) : undefined,
        filters.label ? contains(agencies.label, filters.label) : undefined,
      ),
    )
    .orderBy(folded(agencies.label), asc(agencies.code))
    .limit(filters.limit);
}
