import { asc, eq, ilike, or, sql, type AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { agencies, customerTypes, customers } from '@comptoir/db/schema';
import type { Agence, Client, ValLib } from '@comptoir/shared/reference';

export function listAgencies(db: DbOrTx): Promise<Agence[]> {
  return db
    .select({ code_agence: agencies.code, libelle_agence: agencies.label })
    .from(agencies)
    .orderBy(byText(agencies.label), asc(agencies.code));
}

// Accents and case ignored, so that 'Éric' sorts with the e's whatever the database collation.
const byText = (column: AnyColumn) => sql`immutable_unaccent(lower(${column}))`;

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Customers whose code starts with `search` or whose name contains it, ignoring case and accents
 * (served by the trigram index on immutable_unaccent(lower(name))); exact code first, then code
 * prefixes, then by name.
 */
export function searchCustomers(db: DbOrTx, search: string | undefined, limit: number): Promise<Client[]> {
  const query = db
    .select({
      code: customers.code,
      libelle: customers.name,
      libelle_type: customerTypes.label,
      code_type: customerTypes.code,
    })
    .from(customers)
    .innerJoin(customerTypes, eq(customerTypes.code, customers.typeCode))
    .$dynamic();
  if (!search) return query.orderBy(byText(customers.name), asc(customers.code)).limit(limit);
  const pattern = escapeLike(search);
  return query
    .where(
      or(
        ilike(customers.code, `${pattern}%`),
        sql`immutable_unaccent(lower(${customers.name})) like '%' || immutable_unaccent(lower(${pattern})) || '%'`,
      ),
    )
    .orderBy(
      sql`case when lower(${customers.code}) = lower(${search}) then 0 when ${customers.code} ilike ${`${pattern}%`} then 1 else 2 end`,
      byText(customers.name),
      asc(customers.code),
    )
    .limit(limit);
}

export function listCustomerTypes(db: DbOrTx): Promise<ValLib[]> {
  return db
    .select({ VAL: customerTypes.code, LIB: customerTypes.label })
    .from(customerTypes)
    .orderBy(byText(customerTypes.label), asc(customerTypes.code));
}
