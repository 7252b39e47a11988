// An article as the cut-to-size rule reads it: its sale unit, the unit's variable dimensions and its
// own measures in the units the customer types.
import type { DbOrTx } from '@comptoir/db/client';
import type { variableDimensions } from '@comptoir/db/schema';
import { toStandardMeasure, type CutArticle } from '@comptoir/shared/cut-to-size';
import { variableDimensionsOf, type Dimension, type LigneDimensionSaved } from '@comptoir/shared/dimensions';
import * as repo from './dimensions.repository';

type FlagColumns = Omit<typeof variableDimensions.$inferSelect, 'unitCode'>;

export function toFlags(row: FlagColumns): Omit<LigneDimensionSaved, 'codeUnite' | 'libelleUnite'> {
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

const MEASURE_COLUMNS: Record<
  Dimension,
  keyof Omit<repo.CutArticleRow, 'code' | 'saleUnit' | 'dimensionUnit' | 'variable'>
> = {
  longueur: 'length',
  largeur: 'width',
  hauteur: 'height',
  diametre: 'diameter',
  densite: 'density',
  contenance: 'capacity',
  poids: 'weight',
};

export async function readCutArticle(db: DbOrTx, articleCode: string): Promise<CutArticle | null> {
  const row = await repo.findCutArticle(db, articleCode);
  if (!row) return null;
  const standard: CutArticle['standard'] = {};
  for (const dimension of Object.keys(MEASURE_COLUMNS) as Dimension[]) {
    const value = toStandardMeasure(dimension, row[MEASURE_COLUMNS[dimension]], row.dimensionUnit);
    if (value !== undefined) standard[dimension] = value;
  }
  return {
    unit: row.saleUnit,
    variable: row.variable ? variableDimensionsOf(toFlags(row.variable)) : [],
    standard,
  };
}
