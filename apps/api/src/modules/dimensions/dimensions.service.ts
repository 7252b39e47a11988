// Variable dimensions per unit (docs/contract/variable-dimensions-and-articles-cut-to-size.md, "Variable dimensions and articles cut to size"). A save
// sends every line of the screen and the saved set becomes exactly those lines (less the ones marked
// deleted), checked first and written in one transaction: a refused save changes nothing. The same
// transaction tells the modules that registered for it (the cart recomputes its lines cut to size)
// which units' dimensions changed.
import type { Database, DbOrTx } from '@comptoir/db/client';
import {
  DIMENSION_LABELS,
  DIMENSION_MAX,
  DIMENSION_MESSAGES,
  DIMENSION_UNITS,
  variableDimensionsOf,
  type DecoupeArticle,
  type DimensionsUpdateBody,
  type LigneDimensionSaved,
  type Unite,
} from '@comptoir/shared/dimensions';
import { badRequest, notFound } from '../../errors';
import { toFlags } from './cut-article';
import { cutArticleOf, dimensionsWritten } from './dimensions.kept';
import * as repo from './dimensions.repository';

/** Told, in the save's transaction, the units whose variable dimensions changed. */
export type DimensionsChangedHook = (tx: DbOrTx, unitCodes: readonly string[]) => Promise<unknown>;
const dimensionsChangedHooks = new Set<DimensionsChangedHook>();

/** Registers `hook` for every save of the variable dimensions (once, however often it is called). */
export function onVariableDimensionsChanged(hook: DimensionsChangedHook): void {
  dimensionsChangedHooks.add(hook);
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

export async function saveVariableDimensions(
  db: Database,
  body: DimensionsUpdateBody,
): Promise<LigneDimensionSaved[]> {
  const kept = body.data.filter((line) => !line.deleted);
  const saved = await db.transaction(async (tx) => {
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
    const before = new Map(
      (await repo.listVariableDimensions(tx)).map((row) => [
        row.unitCode,
        variableDimensionsOf(toFlags(row)).join(),
      ]),
    );
    const after = new Map(kept.map((line) => [line.codeUnite.trim(), variableDimensionsOf(line).join()]));
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
    // Whoever depends on them (the carts' lines cut to size) follows in this transaction.
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
      (code) => before.get(code) !== after.get(code),
    );
    for (const hook of dimensionsChangedHooks) await hook(tx, changed);
    return listVariableDimensions(tx);
  });
  // This process's next cart change sees the new dimensions at once (the others hear the commit).
  dimensionsWritten(db);
  return saved;
}

// ---------------------------------------------------------------- storefront

/**
 * What the cut-to-size rule needs of an active article: its sale unit, the unit's variable dimensions
 * (none: not sold cut to size) and its own measures in the units the customer types. Null when the
 * article is unknown or withdrawn (dimensions.kept.ts).
 */
export { cutArticleOf };

export async function decoupeOfArticle(db: DbOrTx, articleCode: string): Promise<DecoupeArticle> {
  const article = await cutArticleOf(db, articleCode);
  if (!article) throw notFound(DIMENSION_MESSAGES.unknownArticle);
  return {
    codeArticle: articleCode,
    unite: article.unit,
    surMesure: article.variable.length > 0,
    dimensions: article.variable.map((nom) => ({
      nom,
      libelle: DIMENSION_LABELS[nom],
      unite: DIMENSION_UNITS[nom],
      max: DIMENSION_MAX[nom],
      standard: article.standard[nom] ?? null,
    })),
  };
}
