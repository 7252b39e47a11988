// The sales plan (plan de vente) as the back office reads it: GET /service/planVente,
// /service/planVente/{code} and /service/planVente/rootCategories.
import { z } from 'zod';

/** A family of the sales plan; nbArt counts the active articles of the family and its sub-families. */
export const salesPlanNode = z.object({
  codeFamille: z.string(),
  libelleFamille: z.string(),
  nbArt: z.number().int(),
});
export type SalesPlanNode = z.infer<typeof salesPlanNode>;
/** GET /service/planVente/rootCategories (the roots), GET /service/planVente/{code} (its sub-families). */
export const salesPlanNodeList = z.array(salesPlanNode);

/** A node with its place in the tree: niveau 1 for a root, codeParent null for a root. */
export const salesPlanFamily = salesPlanNode.extend({
  niveau: z.number().int(),
  codeParent: z.string().nullable(),
});
export type SalesPlanFamily = z.infer<typeof salesPlanFamily>;
/**
 * GET /service/planVente: every family in tree order (each parent followed by its sub-families,
 * siblings by position then label), e.g. for the fee form's sales-plan selector indented by niveau.
 */
export const salesPlanFamilyList = z.array(salesPlanFamily);

/** GET /service/planVente/{code}. */
export const salesPlanCodeParams = z.object({ code: z.string().trim().min(1).max(50) });
export type SalesPlanCodeParams = z.infer<typeof salesPlanCodeParams>;

/** GET /service/planVente/{code} for a code that is not a family (404). */
export const SALES_PLAN_MESSAGES = {
  notFound: 'Famille introuvable',
} as const;
