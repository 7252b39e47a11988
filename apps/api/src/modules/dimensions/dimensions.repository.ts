import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { articles, units, variableDimensions } from '@comptoir/db/schema';

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

export interface CutArticleRow {
  code: string;
  saleUnit: string;
  length: number | null;
  width: number | null;
  height: number | null;
  diameter: number | null;
  density: number | null;
  capacity: number | null;
  weight: number | null;
  dimensionUnit: string | null;
  /** The sale unit's line; null when the unit has none. */
  variable: typeof variableDimensions.$inferSelect | null;
}

/** An active article's sale unit, measures and its unit's variable dimensions (null when the unit has none). */
export async function findCutArticle(db: DbOrTx, code: string): Promise<CutArticleRow | null> {
  const [row] = await db
    .select({
      code: articles.code,
      saleUnit: articles.saleUnit,
      length: articles.length,
      width: articles.width,
      height: articles.height,
      diameter: articles.diameter,
      density: articles.density,
      capacity: articles.capacity,
      weight: articles.weight,
      dimensionUnit: articles.dimensionUnit,
      variable: variableDimensions,
    })
    .from(articles)
    .leftJoin(variableDimensions, eq(variableDimensions.unitCode, articles.saleUnit))
    .where(and(eq(articles.code, code), eq(articles.active, true)));
  return row ?? null;
}
