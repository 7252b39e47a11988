// The family tree (the sales plan): activities, families, their article counts, paths and
// subtrees. With families.reads.ts (whether a family exists, the menus', the search's and the ERP
// imports' reads), the door to the activities and families tables: the other modules read the tree
// through these two.
import type { DbOrTx } from '@comptoir/db/client';
import { familiesUnder, familyPath, familyPaths, subtreeCodes } from './families.kept';
import * as repo from './families.repository';
import { bySiblingOrder } from './sibling-order';
import type { FamilyCountRow } from './families.repository';

export type { FamilyCountRow } from './families.repository';
export type { CodeLabelRow, MenuFamilyRow } from './families.reads';

// The paths, subtrees and counts the storefront reads on every family page and every customer price
// (familiesUnder, familyPath, familyPaths, subtreeCodes) are declared in families.kept.ts.
export { familiesUnder, familyPath, familyPaths, subtreeCodes };

/** Every family with its subtree's active articles, depth first: each parent followed by its children. */
export async function wholeTree(db: DbOrTx): Promise<FamilyCountRow[]> {
  const rows = await repo.familiesWithCounts(db, 'all');
  const children = new Map<string | null, FamilyCountRow[]>();
  for (const row of rows) children.set(row.parentCode, [...(children.get(row.parentCode) ?? []), row]);
  const known = new Set(rows.map((row) => row.code));
  const result: FamilyCountRow[] = [];
  const visit = (row: FamilyCountRow) => {
    result.push(row);
    for (const child of (children.get(row.code) ?? []).sort(bySiblingOrder)) visit(child);
  };
  // Roots, and (defensively) families whose parent is missing.
  for (const root of rows
    .filter((row) => row.parentCode === null || !known.has(row.parentCode))
    .sort(bySiblingOrder))
    visit(root);
  return result;
}

// ERP imports (docs/import-erp.md): the imports module writes the tree through these (it reads it in
// families.reads.ts).
export type { FamilyWriteRow } from './families.repository';
export const upsertFamilies = (db: DbOrTx, rows: readonly repo.FamilyWriteRow[]) =>
  repo.upsertFamilies(db, rows);
export const recomputeTreeLevels = (db: DbOrTx, codes: readonly string[]) =>
  repo.recomputeTreeLevels(db, codes);
export const upsertActivities = (db: DbOrTx, rows: readonly { code: string; label: string }[]) =>
  repo.upsertActivities(db, rows);
