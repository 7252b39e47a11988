// The family tree (the sales plan): activities, families, their article counts, paths and
// subtrees. The one door to the activities and families tables: the catalogue, the menu, the sales
// plan, the search and the shipping fees all read the tree through here.
import type { DbOrTx } from '@comptoir/db/client';
import { familiesUnder, familyPath, familyPaths, subtreeCodes } from './families.kept';
import * as repo from './families.repository';
import { bySiblingOrder } from './sibling-order';
import type { FamilyCountRow } from './families.repository';

export type { CodeLabelRow, FamilyCountRow, MenuFamilyRow } from './families.repository';

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

export const familyExists = (db: DbOrTx, code: string): Promise<boolean> => repo.familyExists(db, code);

export const listActivities = (db: DbOrTx) => repo.listActivities(db);
export const findActivity = (db: DbOrTx, code: string) => repo.findActivity(db, code);
export const activityRootFamilies = (db: DbOrTx, activityCode: string) =>
  repo.activityRootFamilies(db, activityCode);
export const childFamilies = (db: DbOrTx, code: string) => repo.childFamilies(db, code);
/** Changes whenever an activity or a family does (the menus' cache version). */
export const treeVersion = (db: DbOrTx): Promise<string> => repo.treeVersion(db);
/** Every family's code, label and level (the search's index). */
export const familyLabels = (db: DbOrTx) => repo.familyLabels(db);

// ERP imports (docs/import-erp.md): the imports module reads and writes the tree through these.
export type { FamilyWriteRow } from './families.repository';
export const familiesByCodes = (db: DbOrTx, codes: readonly string[]) => repo.familiesByCodes(db, codes);
export const upsertFamilies = (db: DbOrTx, rows: readonly repo.FamilyWriteRow[]) =>
  repo.upsertFamilies(db, rows);
export const subtreeDepths = (db: DbOrTx, codes: readonly string[]) => repo.subtreeDepths(db, codes);
export const recomputeTreeLevels = (db: DbOrTx, codes: readonly string[]) =>
  repo.recomputeTreeLevels(db, codes);
export const activitiesByCodes = (db: DbOrTx, codes: readonly string[]) => repo.activitiesByCodes(db, codes);
export const upsertActivities = (db: DbOrTx, rows: readonly { code: string; label: string }[]) =>
  repo.upsertActivities(db, rows);
