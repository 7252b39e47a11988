import { and, asc, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { agencies, customerTypes, customers, deliveryAddresses, zones } from '@comptoir/db/schema';
import { excludedSet } from '@comptoir/db/upsert';
import { escapeLike } from '@comptoir/shared/text';

// Case and accents ignored, as the trigram indexes on immutable_unaccent(lower(...)) are built, so
// that 'Éric' sorts and matches with the e's whatever the database collation.
const folded = (column: AnyColumn) => sql`immutable_unaccent(lower(${column}))`;
const contains = (column: AnyColumn, text: string) =>
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
function findCodeLabels(
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

export const findAgencies = (db: DbOrTx, filters: CodeLabelFilters = {}) =>
  findCodeLabels(db, agencies, filters);

/** Every agency with its contact details and opening hours, by name (the contact page). */
export const findAgencyContacts = (db: DbOrTx) =>
  db
    .select({
      code: agencies.code,
      label: agencies.label,
      address: agencies.address,
      postalCode: agencies.postalCode,
      city: agencies.city,
      phone: agencies.phone,
      openingHours: agencies.openingHours,
    })
    .from(agencies)
    .orderBy(folded(agencies.label), asc(agencies.code));

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

export async function customerTypeExists(db: DbOrTx, code: string): Promise<boolean> {
  const rows = await db
    .select({ code: customerTypes.code })
    .from(customerTypes)
    .where(eq(customerTypes.code, code));
  return rows.length > 0;
}

/** The first agency by code, or undefined when there is none. */
export async function firstAgencyCode(db: DbOrTx): Promise<string | undefined> {
  const [row] = await db.select({ code: agencies.code }).from(agencies).orderBy(asc(agencies.code)).limit(1);
  return row?.code;
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

export interface NewDeliveryAddressRow {
  customerCode: string;
  label: string;
  line1: string;
  line2: string | null;
  postalCode: string;
  city: string;
  isDefault: boolean;
}

export async function insertDeliveryAddress(db: DbOrTx, row: NewDeliveryAddressRow): Promise<void> {
  await db.insert(deliveryAddresses).values(row);
}

export async function countCustomers(db: DbOrTx): Promise<number> {
  return db.$count(customers);
}

export async function agencyExists(db: DbOrTx, code: string): Promise<boolean> {
  return (await db.select({ code: agencies.code }).from(agencies).where(eq(agencies.code, code))).length > 0;
}

/** The agency's stock-query URL template; null when it has none (or the agency is unknown). */
export async function agencyStockQueryUrl(db: DbOrTx, code: string): Promise<string | null> {
  const [row] = await db
    .select({ url: agencies.stockQueryUrl })
    .from(agencies)
    .where(eq(agencies.code, code));
  return row?.url ?? null;
}

export interface ZoneRow {
  id: number;
  label: string;
}

export function listZones(db: DbOrTx): Promise<ZoneRow[]> {
  return db
    .select({ id: zones.id, label: zones.label })
    .from(zones)
    .orderBy(folded(zones.label), asc(zones.id));
}

export async function zoneExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: zones.id }).from(zones).where(eq(zones.id, id))).length > 0;
}

export interface DeliveryAddressRow {
  id: number;
  label: string;
  line1: string;
  line2: string | null;
  postalCode: string;
  city: string;
  zoneId: number | null;
  zoneLabel: string | null;
  isDefault: boolean;
}

/** The customer's delivery addresses, the default one first, then by label. */
export function findDeliveryAddresses(db: DbOrTx, customerCode: string): Promise<DeliveryAddressRow[]> {
  return db
    .select({
      id: deliveryAddresses.id,
      label: deliveryAddresses.label,
      line1: deliveryAddresses.line1,
      line2: deliveryAddresses.line2,
      postalCode: deliveryAddresses.postalCode,
      city: deliveryAddresses.city,
      zoneId: deliveryAddresses.zoneId,
      zoneLabel: zones.label,
      isDefault: deliveryAddresses.isDefault,
    })
    .from(deliveryAddresses)
    .leftJoin(zones, eq(zones.id, deliveryAddresses.zoneId))
    .where(eq(deliveryAddresses.customerCode, customerCode))
    .orderBy(desc(deliveryAddresses.isDefault), asc(deliveryAddresses.label), asc(deliveryAddresses.id));
}

/** A customer's own address: the customer's code and the fields the account page edits. */
export interface OwnAddressWrite {
  label: string;
  line1: string;
  line2: string | null;
  postalCode: string;
  city: string;
  zoneId: number | null;
}

const ownAddress = (customerCode: string, id: number) =>
  and(eq(deliveryAddresses.id, id), eq(deliveryAddresses.customerCode, customerCode));

/** Adds an address to the customer; returns its id. */
export async function insertOwnAddress(
  db: DbOrTx,
  customerCode: string,
  row: OwnAddressWrite & { isDefault: boolean },
): Promise<number> {
  const [inserted] = await db
    .insert(deliveryAddresses)
    .values({ customerCode, ...row })
    .returning({ id: deliveryAddresses.id });
  return inserted!.id;
}

/** Rewrites one of the customer's addresses; false when it has no such address. */
export async function updateOwnAddress(
  db: DbOrTx,
  customerCode: string,
  id: number,
  row: OwnAddressWrite,
): Promise<boolean> {
  const updated = await db
    .update(deliveryAddresses)
    .set(row)
    .where(ownAddress(customerCode, id))
    .returning({ id: deliveryAddresses.id });
  return updated.length > 0;
}

/** Deletes one of the customer's addresses; returns whether it was its default, undefined when none. */
export async function deleteOwnAddress(
  db: DbOrTx,
  customerCode: string,
  id: number,
): Promise<{ wasDefault: boolean } | undefined> {
  const [deleted] = await db
    .delete(deliveryAddresses)
    .where(ownAddress(customerCode, id))
    .returning({ isDefault: deliveryAddresses.isDefault });
  return deleted && { wasDefault: deleted.isDefault };
}

/** Makes `id` the customer's only default address (null: its first address by label). */
export async function setDefaultAddress(db: DbOrTx, customerCode: string, id: number | null): Promise<void> {
  const target =
    id ??
    (
      await db
        .select({ id: deliveryAddresses.id })
        .from(deliveryAddresses)
        .where(eq(deliveryAddresses.customerCode, customerCode))
        .orderBy(asc(deliveryAddresses.label), asc(deliveryAddresses.id))
        .limit(1)
    )[0]?.id;
  if (target === undefined) return;
  await db
    .update(deliveryAddresses)
    .set({ isDefault: sql`${deliveryAddresses.id} = ${target}` })
    .where(eq(deliveryAddresses.customerCode, customerCode));
}

/** Locks the customer's addresses until the transaction ends: two edits of one customer take turns. */
export async function lockOwnAddresses(db: DbOrTx, customerCode: string): Promise<number> {
  const rows = await db
    .select({ id: deliveryAddresses.id })
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.customerCode, customerCode))
    .for('update');
  return rows.length;
}

/**
 * The zone the shop's addresses at this postal code are in (the most frequent, then the lowest id);
 * null when no address there has a zone.
 */
export async function zoneOfPostalCode(db: DbOrTx, postalCode: string): Promise<number | null> {
  const [row] = await db
    .select({ zoneId: deliveryAddresses.zoneId })
    .from(deliveryAddresses)
    .where(and(eq(deliveryAddresses.postalCode, postalCode), sql`${deliveryAddresses.zoneId} is not null`))
    .groupBy(deliveryAddresses.zoneId)
    .orderBy(desc(sql`count(*)`), asc(deliveryAddresses.zoneId))
    .limit(1);
  return row?.zoneId ?? null;
}

// ---------------------------------------------------------------- ERP imports (docs/import-erp.md)

/** The codes among `codes` that are agencies. */
export async function existingAgencyCodes(db: DbOrTx, codes: readonly string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const rows = await db
    .select({ code: agencies.code })
    .from(agencies)
    .where(inArray(agencies.code, [...codes]));
  return new Set(rows.map((row) => row.code));
}

export function customerTypesByCodes(db: DbOrTx, codes: readonly string[]): Promise<CodeLabelRow[]> {
  if (!codes.length) return Promise.resolve([]);
  return db
    .select({ code: customerTypes.code, label: customerTypes.label })
    .from(customerTypes)
    .where(inArray(customerTypes.code, [...codes]));
}

export async function upsertCustomerTypes(db: DbOrTx, rows: readonly CodeLabelRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(customerTypes)
    .values([...rows])
    .onConflictDoUpdate({ target: customerTypes.code, set: excludedSet(customerTypes, ['label']) });
}

const customerWriteColumns = {
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

export function customersByCodes(db: DbOrTx, codes: readonly string[]): Promise<CustomerWriteRow[]> {
  if (!codes.length) return Promise.resolve([]);
  return db
    .select(customerWriteColumns)
    .from(customers)
    .where(inArray(customers.code, [...codes]));
}

export async function upsertCustomers(db: DbOrTx, rows: readonly CustomerWriteRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(customers)
    .values([...rows])
    .onConflictDoUpdate({ target: customers.code, set: excludedSet(customers, customerUpdated) });
}

export type AddressWriteRow = Omit<typeof deliveryAddresses.$inferSelect, 'id'> & { id?: number };

export function addressesOfCustomers(
  db: DbOrTx,
  customerCodes: readonly string[],
): Promise<(typeof deliveryAddresses.$inferSelect)[]> {
  if (!customerCodes.length) return Promise.resolve([]);
  return db
    .select()
    .from(deliveryAddresses)
    .where(inArray(deliveryAddresses.customerCode, [...customerCodes]));
}

/** Inserts the new addresses (no id) and rewrites the known ones (with their id). */
export async function saveAddresses(db: DbOrTx, rows: readonly AddressWriteRow[]): Promise<void> {
  const fresh = rows.filter((row) => row.id === undefined);
  const known = rows.filter((row) => row.id !== undefined) as (typeof deliveryAddresses.$inferSelect)[];
  if (fresh.length) await db.insert(deliveryAddresses).values(fresh);
  if (known.length)
    await db
      .insert(deliveryAddresses)
      .values(known)
      .onConflictDoUpdate({
        target: deliveryAddresses.id,
        set: excludedSet(deliveryAddresses, [
          'label',
          'line1',
          'line2',
          'postalCode',
          'city',
          'zoneId',
          'isDefault',
        ]),
      });
}

/** Zones by their label (the ERP names a zone by its label). */
export function zonesByLabels(db: DbOrTx, labels: readonly string[]): Promise<ZoneRow[]> {
  if (!labels.length) return Promise.resolve([]);
  return db
    .select({ id: zones.id, label: zones.label })
    .from(zones)
    .where(inArray(zones.label, [...labels]));
}

export type AgencyWriteRow = typeof agencies.$inferSelect;

export function agenciesByCodes(db: DbOrTx, codes: readonly string[]): Promise<AgencyWriteRow[]> {
  if (!codes.length) return Promise.resolve([]);
  return db
    .select()
    .from(agencies)
    .where(inArray(agencies.code, [...codes]));
}

/** Creates or updates agencies (the ERP's agences file). */
export async function upsertAgencies(db: DbOrTx, rows: readonly AgencyWriteRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(agencies)
    .values([...rows])
    .onConflictDoUpdate({
      target: agencies.code,
      set: excludedSet(agencies, [
        'label',
        'address',
        'postalCode',
        'city',
        'phone',
        'stockQueryUrl',
        'openingHours',
      ]),
    });
}

/** The customers whose e-mail is this one (case ignored). */
export async function customerCodesWithEmail(db: DbOrTx, email: string): Promise<string[]> {
  const rows = await db
    .select({ code: customers.code })
    .from(customers)
    .where(sql`lower(${customers.email}) = ${email.toLowerCase()}`)
    .orderBy(asc(customers.code))
    .limit(10);
  return rows.map((row) => row.code);
}

/** The first customer (by code) of this kind that has a delivery address and an e-mail, or undefined. */
export async function firstCustomerOfKind(db: DbOrTx, professional: boolean): Promise<string | undefined> {
  const [row] = await db
    .select({ code: customers.code })
    .from(customers)
    .where(
      and(
        eq(customers.isProfessional, professional),
        sql`${customers.email} is not null`,
        sql`exists (select 1 from ${deliveryAddresses} where ${deliveryAddresses.customerCode} = ${customers.code})`,
      ),
    )
    .orderBy(asc(customers.code))
    .limit(1);
  return row?.code;
}
