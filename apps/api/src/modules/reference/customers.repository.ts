// The customers and their types: the back office's lists and pickers, a customer read (and locked
// for the credit limit check), a customer created on the shop, and the ERP's files (their reads are
// in reference.reads.ts).
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { customerTypes, customers } from '@comptoir/db/schema';
import { excludedSet } from '@comptoir/db/upsert';
import { escapeLike } from '@comptoir/shared/text';
import {
  contains,
  findCodeLabels,
  folded,
  type CodeLabelFilters,
  type CodeLabelRow,
} from './reference-lists.repository';

export const findCustomerTypes = (db: DbOrTx, filters: CodeLabelFilters = {}) =>
  findCodeLabels(db, customerTypes, filters);

export interface CustomerListRow {
  code: string;
  name: string;
  typeCode: string;
  typeLabel: string;
}

export interface CustomerFilters {
  /** The code starts with it or the name contains it; exact code first, then code prefixes, then by name. */
  codeOrName?: string;
  /** The code starts with it (any case). */
  codePrefix?: string;
  nameContains?: string;
  typeCodes?: string[];
  limit: number;
}

/** Customers matching every filter given (served by the trigram index on their folded name). */
export function findCustomers(db: DbOrTx, filters: CustomerFilters): Promise<CustomerListRow[]> {
  const conditions: (SQL | undefined)[] = [
    filters.codePrefix ? ilike(customers.code, `${escapeLike(filters.codePrefix)}%`) : undefined,
    filters.nameContains ? contains(customers.name, filters.nameContains) : undefined,
    filters.typeCodes ? inArray(customers.typeCode, filters.typeCodes) : undefined,
  ];
  const search = filters.codeOrName;
  const ranking: SQL[] = [];
  if (search) {
    const prefix = `${escapeLike(search)}%`;
    conditions.push(or(ilike(customers.code, prefix), contains(customers.name, search)));
    ranking.push(
      sql`case when lower(${customers.code}) = lower(${search}) then 0 when ${customers.code} ilike ${prefix} then 1 else 2 end`,
    );
  }
  return db
    .select({
      code: customers.code,
      name: customers.name,
      typeCode: customerTypes.code,
      typeLabel: customerTypes.label,
    })
    .from(customers)
    .innerJoin(customerTypes, eq(customerTypes.code, customers.typeCode))
    .where(and(...conditions))
    .orderBy(...ranking, folded(customers.name), asc(customers.code))
    .limit(filters.limit);
}

export interface CustomerRow {
  code: string;
  name: string;
  typeCode: string;
  agencyCode: string;
  isProfessional: boolean;
  email: string | null;
  /** The credit limit (encours) TTC; null: none. */
  creditLimit: number | null;
}

/** A customer; `lock` holds its row until the transaction ends (the credit limit check). */
export async function findCustomer(
  db: DbOrTx,
  code: string,
  options: { lock?: boolean } = {},
): Promise<CustomerRow | undefined> {
  const query = db
    .select({
      code: customers.code,
      name: customers.name,
      typeCode: customers.typeCode,
      agencyCode: customers.agencyCode,
      isProfessional: customers.isProfessional,
      email: customers.email,
      creditLimit: customers.creditLimit,
    })
    .from(customers)
    .where(eq(customers.code, code))
    .$dynamic();
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Adds the customer type unless it exists (the ERP's label, when it sent one, is kept). */
export async function ensureCustomerType(db: DbOrTx, code: string, label: string): Promise<void> {
  await db.insert(customerTypes).values({ code, label }).onConflictDoNothing();
}

/**
 * The next code of a customer created on the shop: `prefix` and 6 digits after the greatest one. The
 * transaction-scoped advisory lock makes concurrent sign-ups take turns, so two never get one code.
 */
export async function nextShopCustomerCode(db: DbOrTx, prefix: string): Promise<string> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('comptoir.customers.shop-code'))`);
  const [row] = await db
    .select({ last: sql<string | null>`max(${customers.code})` })
    .from(customers)
    .where(sql`${customers.code} ~ ${`^${prefix}[0-9]{6}$`}`);
  const last = row?.last ? Number(row.last.slice(prefix.length)) : 0;
  return `${prefix}${String(last + 1).padStart(6, '0')}`;
}

export interface NewCustomerRow {
  code: string;
  name: string;
  typeCode: string;
  agencyCode: string;
  isProfessional: boolean;
  email: string;
  phone: string | null;
  siret: string | null;
}

export async function insertCustomer(db: DbOrTx, row: NewCustomerRow): Promise<void> {
  await db.insert(customers).values(row);
}

// ---------------------------------------------------------------- ERP imports (docs/import-erp.md)

export async function upsertCustomerTypes(db: DbOrTx, rows: readonly CodeLabelRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(customerTypes)
    .values([...rows])
    .onConflictDoUpdate({ target: customerTypes.code, set: excludedSet(customerTypes, ['label']) });
}

export const customerWriteColumns = {
  code: customers.code,
  name: customers.name,
  typeCode: customers.typeCode,
  agencyCode: customers.agencyCode,
  isProfessional: customers.isProfessional,
  creditLimit: customers.creditLimit,
  email: customers.email,
  phone: customers.phone,
  siret: customers.siret,
};
export type CustomerWriteRow = {
  [K in keyof typeof customerWriteColumns]: (typeof customers.$inferSelect)[K];
};
const customerUpdated = Object.keys(customerWriteColumns).filter(
  (k) => k !== 'code',
) as (keyof CustomerWriteRow)[];

export async function upsertCustomers(db: DbOrTx, rows: readonly CustomerWriteRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(customers)
    .values([...rows])
    .onConflictDoUpdate({ target: customers.code, set: excludedSet(customers, customerUpdated) });
}
