import { and, asc, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { agencies, bands, families, shippingFees, zones } from '@comptoir/db/schema';
import type { TypeForfait } from '@comptoir/shared/shipping/contract';
import type { BandRow } from '@comptoir/shared/shipping/mapping';

// ---------------------------------------------------------------- bands

const bandColumns = {
  id: bands.id,
  label: bands.label,
  start: bands.start,
  progressive: bands.progressive,
  interval: bands.interval,
};

export function listBands(db: DbOrTx, type: TypeForfait): Promise<BandRow[]> {
  return db
    .select(bandColumns)
    .from(bands)
    .where(eq(bands.feeType, type))
    .orderBy(asc(bands.start), asc(bands.id));
}

export async function findBand(db: DbOrTx, id: number): Promise<(BandRow & { feeType: TypeForfait }) | null> {
  const [row] = await db
    .select({ ...bandColumns, feeType: bands.feeType })
    .from(bands)
    .where(eq(bands.id, id));
  return row ?? null;
}

export async function insertBand(
  db: DbOrTx,
  band: Omit<BandRow, 'id'> & { feeType: TypeForfait },
): Promise<BandRow> {
  const [row] = await db.insert(bands).values(band).returning(bandColumns);
  return row!;
}

// ---------------------------------------------------------------- forfaits

/** A forfait with its links' columns; a link's label is null when its row is missing. */
export interface ShippingFeeRow {
  id: number;
  amount: number;
  freeFrom: number;
  bandId: number | null;
  band: (BandRow & { feeType: TypeForfait }) | null;
  zoneId: number | null;
  zoneLabel: string | null;
  familyCode: string | null;
  familyLabel: string | null;
  agencyCode: string | null;
  agencyLabel: string | null;
}

/**
 * The forfaits of the schedule in force: those whose tranche is of `type` (those without tranche
 * too, so that they show as 'Tranche incorrecte'); every forfait when type is null.
 */
export async function listShippingFees(
  db: DbOrTx,
  type: TypeForfait | null,
  where?: SQL,
): Promise<ShippingFeeRow[]> {
  const ofType = type === null ? undefined : or(isNull(shippingFees.bandId), eq(bands.feeType, type));
  const rows = await db
    .select({
      id: shippingFees.id,
      amount: shippingFees.amount,
      freeFrom: shippingFees.freeFrom,
      bandId: shippingFees.bandId,
      band: { ...bandColumns, feeType: bands.feeType },
      zoneId: shippingFees.zoneId,
      zoneLabel: zones.label,
      familyCode: shippingFees.familyCode,
      familyLabel: families.label,
      agencyCode: shippingFees.agencyCode,
      agencyLabel: agencies.label,
    })
    .from(shippingFees)
    .leftJoin(bands, eq(bands.id, shippingFees.bandId))
    .leftJoin(zones, eq(zones.id, shippingFees.zoneId))
    .leftJoin(families, eq(families.code, shippingFees.familyCode))
    .leftJoin(agencies, eq(agencies.code, shippingFees.agencyCode))
    .where(and(ofType, where))
    .orderBy(asc(shippingFees.id));
  // drizzle gives a left-joined object whose columns are all null as null already; keep it explicit.
  return rows.map((row) => ({ ...row, band: row.band && row.band.id !== null ? row.band : null }));
}

export async function findShippingFee(db: DbOrTx, id: number): Promise<ShippingFeeRow | null> {
  const [row] = await listShippingFees(db, null, eq(shippingFees.id, id));
  return row ?? null;
}

export type ShippingFeeValues = Omit<typeof shippingFees.$inferInsert, 'id'>;

export async function insertShippingFee(db: DbOrTx, values: ShippingFeeValues): Promise<number> {
  const [row] = await db.insert(shippingFees).values(values).returning({ id: shippingFees.id });
  return row!.id;
}

/** false when no forfait has this id. */
export async function updateShippingFee(db: DbOrTx, id: number, values: ShippingFeeValues): Promise<boolean> {
  const rows = await db
    .update(shippingFees)
    .set(values)
    .where(eq(shippingFees.id, id))
    .returning({ id: shippingFees.id });
  return rows.length > 0;
}

export async function deleteShippingFee(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(shippingFees)
    .where(eq(shippingFees.id, id))
    .returning({ id: shippingFees.id });
  return rows.length > 0;
}

/** Deletes every forfait; carriers linked to one lose the link (carriers.shipping_fee_id: set null). */
export async function deleteAllShippingFees(db: DbOrTx): Promise<number> {
  return (await db.delete(shippingFees).returning({ id: shippingFees.id })).length;
}

/** Deletes the forfaits whose tranche is not of `type` (or that have none). */
export async function deleteShippingFeesNotOfType(db: DbOrTx, type: TypeForfait): Promise<number> {
  const rows = await db
    .delete(shippingFees)
    .where(
      or(
        isNull(shippingFees.bandId),
        inArray(shippingFees.bandId, db.select({ id: bands.id }).from(bands).where(ne(bands.feeType, type))),
      ),
    )
    .returning({ id: shippingFees.id });
  return rows.length;
}
