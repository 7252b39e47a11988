// The reference data's reads that other modules call as they are (docs/architecture.md, Enforcement):
// whether an agency, a customer type or a zone exists, the customers' count, a customer by e-mail or
// by kind, a customer's delivery addresses and the zone of a postal code, and the rows the ERP
// imports compare their files with. Read-only: the boundaries rule refuses a write in a *.reads.ts file.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import {
  agencies,
  customerTypes,
  customers,
  deliveryAddresses as addressTable,
  zones,
} from '@comptoir/db/schema';
import type { AgencyWriteRow } from './agencies.repository';
import { customerWriteColumns, type CustomerWriteRow } from './customers.repository';
import type { ZoneRow } from './delivery-addresses.repository';
import type { CodeLabelRow } from './reference-lists.repository';

// ---------------------------------------------------------------- agencies

export async function agencyExists(db: DbOrTx, code: string): Promise<boolean> {
  return (await db.select({ code: agencies.code }).from(agencies).where(eq(agencies.code, code))).length > 0;
}

/** The codes among `codes` that are agencies. */
export async function existingAgencyCodes(db: DbOrTx, codes: readonly string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const rows = await db
    .select({ code: agencies.code })
    .from(agencies)
    .where(inArray(agencies.code, [...codes]));
  return new Set(rows.map((row) => row.code));
}

export function agenciesByCodes(db: DbOrTx, codes: readonly string[]): Promise<AgencyWriteRow[]> {
  if (!codes.length) return Promise.resolve([]);
  return db
    .select()
    .from(agencies)
    .where(inArray(agencies.code, [...codes]));
}

// ---------------------------------------------------------------- customers and their types

export async function customerTypeExists(db: DbOrTx, code: string): Promise<boolean> {
  const rows = await db
    .select({ code: customerTypes.code })
    .from(customerTypes)
    .where(eq(customerTypes.code, code));
  return rows.length > 0;
}

export async function countCustomers(db: DbOrTx): Promise<number> {
  return db.$count(customers);
}

/** The customers whose e-mail is this one (case ignored): the forgotten-password request's accounts. */
export async function customerCodesWithEmail(db: DbOrTx, email: string): Promise<string[]> {
  const rows = await db
    .select({ code: customers.code })
    .from(customers)
    .where(sql`lower(${customers.email}) = ${email.toLowerCase()}`)
    .orderBy(asc(customers.code))
    .limit(10);
  return rows.map((row) => row.code);
}

/**
 * The first customer (by code) of this kind that has a delivery address and an e-mail, or undefined:
 * the demo accounts' customers.
 */
export async function firstCustomerOfKind(db: DbOrTx, professional: boolean): Promise<string | undefined> {
  const [row] = await db
    .select({ code: customers.code })
    .from(customers)
    .where(
      and(
        eq(customers.isProfessional, professional),
        sql`${customers.email} is not null`,
        sql`exists (select 1 from ${addressTable} where ${addressTable.customerCode} = ${customers.code})`,
      ),
    )
    .orderBy(asc(customers.code))
    .limit(1);
  return row?.code;
}

export function customerTypesByCodes(db: DbOrTx, codes: readonly string[]): Promise<CodeLabelRow[]> {
  if (!codes.length) return Promise.resolve([]);
  return db
    .select({ code: customerTypes.code, label: customerTypes.label })
    .from(customerTypes)
    .where(inArray(customerTypes.code, [...codes]));
}

export function customersByCodes(db: DbOrTx, codes: readonly string[]): Promise<CustomerWriteRow[]> {
  if (!codes.length) return Promise.resolve([]);
  return db
    .select(customerWriteColumns)
    .from(customers)
    .where(inArray(customers.code, [...codes]));
}

// ---------------------------------------------------------------- delivery addresses and zones

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
export function deliveryAddresses(db: DbOrTx, customerCode: string): Promise<DeliveryAddressRow[]> {
  return db
    .select({
      id: addressTable.id,
      label: addressTable.label,
      line1: addressTable.line1,
      line2: addressTable.line2,
      postalCode: addressTable.postalCode,
      city: addressTable.city,
      zoneId: addressTable.zoneId,
      zoneLabel: zones.label,
      isDefault: addressTable.isDefault,
    })
    .from(addressTable)
    .leftJoin(zones, eq(zones.id, addressTable.zoneId))
    .where(eq(addressTable.customerCode, customerCode))
    .orderBy(desc(addressTable.isDefault), asc(addressTable.label), asc(addressTable.id));
}

/**
 * The fee engine's zone of a postal code: the zone the shop's known addresses there are in (the ERP
 * sets them; the most frequent, then the lowest id); null when none has one, and then the fee
 * schedule's zone-less rules price the delivery.
 */
export async function zoneOfPostalCode(db: DbOrTx, postalCode: string): Promise<number | null> {
  const [row] = await db
    .select({ zoneId: addressTable.zoneId })
    .from(addressTable)
    .where(and(eq(addressTable.postalCode, postalCode), sql`${addressTable.zoneId} is not null`))
    .groupBy(addressTable.zoneId)
    .orderBy(desc(sql`count(*)`), asc(addressTable.zoneId))
    .limit(1);
  return row?.zoneId ?? null;
}

export function addressesOfCustomers(
  db: DbOrTx,
  customerCodes: readonly string[],
): Promise<(typeof addressTable.$inferSelect)[]> {
  if (!customerCodes.length) return Promise.resolve([]);
  return db
    .select()
    .from(addressTable)
    .where(inArray(addressTable.customerCode, [...customerCodes]));
}

/** Zones by their label (the ERP names a zone by its label). */
export function zonesByLabels(db: DbOrTx, labels: readonly string[]): Promise<ZoneRow[]> {
  if (!labels.length) return Promise.resolve([]);
  return db
    .select({ id: zones.id, label: zones.label })
    .from(zones)
    .where(inArray(zones.label, [...labels]));
}
