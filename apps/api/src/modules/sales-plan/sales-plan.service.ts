// The sales plan for the back office (SPEC.md §3 "Sales-plan node", §7 GET /service/planVente...).
import type { DbOrTx } from '@comptoir/db/client';
import { SALES_PLAN_MESSAGES, type SalesPlanFamily, type SalesPlanNode } from '@comptoir/shared/sales-plan';
import { notFound } from '../../errors';
import {
  childrenFilter,
  familiesWithCounts,
  familyExists,
  rootsFilter,
  type FamilyRow,
} from './sales-plan.repository';

// Siblings by position, then label (French order, whatever the database collation), then code.
const bySiblingOrder = (a: FamilyRow, b: FamilyRow) =>
  a.position - b.position || a.label.localeCompare(b.label, 'fr') || (a.code < b.code ? -1 : 1);

const node = (row: FamilyRow): SalesPlanNode => ({
  codeFamille: row.code,
  libelleFamille: row.label,
  nbArt: Number(row.articles),
});

export async function rootCategories(db: DbOrTx): Promise<SalesPlanNode[]> {
  return (await familiesWithCounts(db, rootsFilter)).sort(bySiblingOrder).map(node);
}

/** The sub-families of a family; 404 for an unknown code. */
export async function subFamilies(db: DbOrTx, code: string): Promise<SalesPlanNode[]> {
  const rows = await familiesWithCounts(db, childrenFilter(code));
  if (rows.length === 0 && !(await familyExists(db, code))) throw notFound(SALES_PLAN_MESSAGES.notFound);
  return rows.sort(bySiblingOrder).map(node);
}

/** Every family, depth first: each parent followed by its sub-families. */
export async function wholePlan(db: DbOrTx): Promise<SalesPlanFamily[]> {
  const rows = await familiesWithCounts(db);
  const children = new Map<string | null, FamilyRow[]>();
  for (const row of rows) children.set(row.parentCode, [...(children.get(row.parentCode) ?? []), row]);
  const known = new Set(rows.map((row) => row.code));
  const result: SalesPlanFamily[] = [];
  const visit = (row: FamilyRow) => {
    result.push({ ...node(row), niveau: row.level, codeParent: row.parentCode });
    for (const child of (children.get(row.code) ?? []).sort(bySiblingOrder)) visit(child);
  };
  // Roots, and (defensively) families whose parent is missing.
  const roots = rows.filter((row) => row.parentCode === null || !known.has(row.parentCode));
  for (const root of roots.sort(bySiblingOrder)) visit(root);
  return result;
}
