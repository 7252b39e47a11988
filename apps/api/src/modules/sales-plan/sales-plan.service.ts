// The sales plan for the back office (docs/contract/catalogue-and-product-pages.md): the family
// tree with article counts, as the back-office pickers show it.
import type { DbOrTx } from '@comptoir/db/client';
import { SALES_PLAN_MESSAGES, type SalesPlanFamily, type SalesPlanNode } from '@comptoir/shared/sales-plan';
import { notFound } from '../../errors';
import { familyExists } from '../families/families.reads';
import { familiesUnder, wholeTree, type FamilyCountRow } from '../families/families.service';

const toNode = (row: FamilyCountRow): SalesPlanNode => ({
  codeFamille: row.code,
  libelleFamille: row.label,
  nbArt: Number(row.articles),
});

export async function rootCategories(db: DbOrTx): Promise<SalesPlanNode[]> {
  return (await familiesUnder(db, null)).map(toNode);
}

/** The sub-families of a family; 404 for an unknown code. */
export async function subFamilies(db: DbOrTx, code: string): Promise<SalesPlanNode[]> {
  const rows = await familiesUnder(db, code);
  if (rows.length === 0 && !(await familyExists(db, code))) throw notFound(SALES_PLAN_MESSAGES.notFound);
  return rows.map(toNode);
}

/** Every family, depth first: each parent followed by its sub-families. */
export async function wholePlan(db: DbOrTx): Promise<SalesPlanFamily[]> {
  return (await wholeTree(db)).map((row) => ({
    ...toNode(row),
    niveau: row.level,
    codeParent: row.parentCode,
  }));
}
