// Variable dimensions per unit (docs/contract.md, "Variable dimensions and articles cut to size"). A save
// sends every line of the screen and the saved set becomes exactly those lines (less the ones marked
// deleted), checked first and written in one transaction: a refused save changes nothing.
import type { Database, DbOrTx } from '@comptoir/db/client';
import type { variableDimensions } from '@comptoir/db/schema';
import {
  DIMENSION_MESSAGES,
  variableDimensionsOf,
  type Dimension,
  type DimensionsUpdateBody,
  type LigneDimensionSaved,
  type Unite,
} from '@comptoir/shared/dimensions';
import { badRequest } from '../../errors';
import * as repo from './dimensions.repository';

type FlagColumns = Omit<typeof variableDimensions.$inferSelect, 'unitCode'>;

function toFlags(row: FlagColumns): Omit<LigneDimensionSaved, 'codeUnite' | 'libelleUnite'> {
  return {
    longueurVariable: row.length,
    largeurVariable: row.width,
    hauteurVariable: row.height,
    diametreVariable: row.diameter,
    densiteVariable: row.density,
    contenanceVariable: row.capacity,
    poidsVariable: row.weight,
  };
}

function toLigneDimension(row: repo.VariableDimensionRow): LigneDimensionSaved {
  return { codeUnite: row.unitCode, libelleUnite: row.unitLabel, ...toFlags(row) };
}

export async function listVariableDimensions(db: DbOrTx): Promise<LigneDimensionSaved[]> {
  return (await repo.listVariableDimensions(db)).map(toLigneDimension);
}

export async function listUnits(db: DbOrTx): Promise<Unite[]> {
  return (await repo.listUnits(db)).map((row) => ({ codeUnite: row.code, libelle: row.label }));
}

/** The dimensions the customer chooses for an article sold in this unit (none when the unit has no line). */
export async function variableDimensionsOfUnit(db: DbOrTx, unitCode: string): Promise<Dimension[]> {
  const row = await repo.findVariableDimensions(db, unitCode);
  if (!row) return [];
  return variableDimensionsOf(toFlags(row));
}

export async function saveVariableDimensions(
  db: Database,
  body: DimensionsUpdateBody,
): Promise<LigneDimensionSaved[]> {
  const kept = body.data.filter((line) => !line.deleted);
  return db.transaction(async (tx) => {
    await repo.lockVariableDimensions(tx);
    const known = new Set((await repo.listUnits(tx)).map((unit) => unit.code));
    const seen = new Set<string>();
    for (const line of kept) {
      const code = line.codeUnite.trim();
      if (code === '') throw badRequest(DIMENSION_MESSAGES.unitRequired);
      if (!known.has(code)) throw badRequest(DIMENSION_MESSAGES.unknownUnit(code));
      if (seen.has(code)) throw badRequest(DIMENSION_MESSAGES.duplicateUnit(code));
      if (variableDimensionsOf(line).length === 0) throw badRequest(DIMENSION_MESSAGES.noDimension(code));
      seen.add(code);
    }
    await repo.replaceVariableDimensions(
      tx,
      kept.map((line) => ({
        unitCode: line.codeUnite.trim(),
        length: line.longueurVariable,
        width: line.largeurVariable,
        height: line.hauteurVariable,
        diameter: line.diametreVariable,
        density: line.densiteVariable,
        capacity: line.contenanceVariable,
        weight: line.poidsVariable,
      })),
    );
    return listVariableDimensions(tx);
  });
}
