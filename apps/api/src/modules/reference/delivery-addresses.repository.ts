// The customers' delivery addresses and the zones they are in: the zone list, a new customer's
// address, a customer's own edits, and the ERP's files (their reads are in reference.reads.ts).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { deliveryAddresses, zones } from '@comptoir/db/schema';
import { excludedSet } from '@comptoir/db/upsert';
import { folded } from './reference-lists.repository';

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

// ---------------------------------------------------------------- ERP imports (docs/import-erp.md)

export type AddressWriteRow = Omit<typeof deliveryAddresses.$inferSelect, 'id'> & { id?: number };

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
