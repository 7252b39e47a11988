import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { carriers } from '@comptoir/db/schema';

export type CarrierRow = typeof carriers.$inferSelect;
export type CarrierValues = Omit<typeof carriers.$inferInsert, 'id'>;

/** The carriers by position (then id, should two share a position). */
export function listCarriers(db: DbOrTx): Promise<CarrierRow[]> {
  return db.select().from(carriers).orderBy(asc(carriers.position), asc(carriers.id));
}

export interface ActiveCarrierRow {
  id: number;
  name: string;
  description: string | null;
  pickup: boolean;
  /** id_forfait_transport: the forfait that alone prices it, or null. */
  shippingFeeId: number | null;
}

export function listActiveCarriers(db: DbOrTx): Promise<ActiveCarrierRow[]> {
  return db
    .select({
      id: carriers.id,
      name: carriers.name,
      description: carriers.description,
      pickup: carriers.pickup,
      shippingFeeId: carriers.shippingFeeId,
    })
    .from(carriers)
    .where(eq(carriers.active, true))
    .orderBy(asc(carriers.position), asc(carriers.id));
}

export async function findCarrier(db: DbOrTx, id: number): Promise<CarrierRow | null> {
  const [row] = await db.select().from(carriers).where(eq(carriers.id, id));
  return row ?? null;
}

/**
 * Serialises the writes that renumber positions (create, delete, move) without blocking readers;
 * a lock on the carriers' rows would not stop a concurrent insert.
 */
export async function lockCarriers(db: DbOrTx): Promise<void> {
  await db.execute(sql`lock table ${carriers} in share row exclusive mode`);
}

export async function nextPosition(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${carriers.position})` }).from(carriers);
  return Number(row?.max ?? 0) + 1;
}

export async function insertCarrier(db: DbOrTx, values: CarrierValues): Promise<CarrierRow> {
  const [row] = await db.insert(carriers).values(values).returning();
  return row!;
}

export async function updateCarrier(
  db: DbOrTx,
  id: number,
  values: Partial<CarrierValues>,
): Promise<CarrierRow | null> {
  const [row] = await db.update(carriers).set(values).where(eq(carriers.id, id)).returning();
  return row ?? null;
}

export async function deleteCarrier(db: DbOrTx, id: number): Promise<CarrierRow | null> {
  const [row] = await db.delete(carriers).where(eq(carriers.id, id)).returning();
  return row ?? null;
}

/** Positions 1..n in the given order, writing only the rows that change. */
export async function renumber(db: DbOrTx, ordered: readonly Pick<CarrierRow, 'id' | 'position'>[]) {
  for (const [index, carrier] of ordered.entries())
    if (carrier.position !== index + 1)
      await db
        .update(carriers)
        .set({ position: index + 1 })
        .where(eq(carriers.id, carrier.id));
}

export async function countCarriersWithLogo(db: DbOrTx, logo: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(carriers)
    .where(eq(carriers.logo, logo));
  return Number(row?.n ?? 0);
}

/** Every logo URL some carrier points to. */
export async function listUsedLogos(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ logo: carriers.logo })
    .from(carriers)
    .where(isNotNull(carriers.logo));
  return rows.flatMap((row) => (row.logo === null ? [] : [row.logo]));
}
