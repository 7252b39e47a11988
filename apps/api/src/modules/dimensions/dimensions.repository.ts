import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { units, variableDimensions } from '@comptoir/db/schema';

export type VariableDimensionRow = typeof variableDimensions.$inferSelect & { unitLabel: string };
export type VariableDimensionValues = typeof variableDimensions.$inferInsert;
export type UnitRow = typeof units.$inferSelect;

/** The saved lines with their unit's label, by unit code. */
export function listVariableDimensions(db: DbOrTx): Promise<VariableDimensionRow[]> {
  return db
    .select({
      unitCode: variableDimensions.unitCode,
      length: variableDimensions.length,
      width: variableDimensions.width,
      height: variableDimensions.height,
      diameter: variableDimensions.diameter,
      density: variableDimensions.density,
      capacity: variableDimensions.capacity,
      weight: variableDimensions.weight,
      unitLabel: units.label,
    })
    .from(variableDimensions)
    .innerJoin(units, eq(units.code, variableDimensions.unitCode))
    .orderBy(asc(variableDimensions.unitCode));
}

export async function findVariableDimensions(
  db: DbOrTx,
  unitCode: string,
): Promise<typeof variableDimensions.$inferSelect | null> {
  const [row] = await db.select().from(variableDimensions).where(eq(variableDimensions.unitCode, unitCode));
  return row ?? null;
}

export function listUnits(db: DbOrTx): Promise<UnitRow[]> {
  return db.select().from(units).orderBy(asc(units.code));
}

/** Serialises the saves: each replaces the whole set, so two at once would interleave. */
export async function lockVariableDimensions(db: DbOrTx): Promise<void> {
  await db.execute(sql`lock table ${variableDimensions} in share row exclusive mode`);
}

export async function replaceVariableDimensions(db: DbOrTx, rows: VariableDimensionValues[]): Promise<void> {
  await db.delete(variableDimensions);
  if (rows.length > 0) await db.insert(variableDimensions).values(rows);
}
