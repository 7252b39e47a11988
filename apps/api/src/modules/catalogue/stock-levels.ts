// An article's stock, every agency's at once: the pages and tiles are kept once per article, for every
// agency alike, and each viewer's stock agency picks its quantities from these levels.

/** Quantities in stock, by stock agency and in all agencies together (null: no stock row at all). */
export interface StockQuantities {
  // Maps, not objects: the codes are the ERP's, and an object would answer `constructor`.
  atAgency: ReadonlyMap<string, number>;
  total: number | null;
}

/** An article's stock: all its declinaisons together, and each declinaison's (by its code). */
export interface StockLevels extends StockQuantities {
  variants: ReadonlyMap<string, StockQuantities>;
}

/** An article with no stock row. */
export const NO_STOCK: StockLevels = { atAgency: new Map(), total: null, variants: new Map() };

/**
 * The quantity in stock at this agency, or in all agencies together when the agency is null; of one
 * declinaison when its code is given, else of the article's declinaisons together. Null when no stock
 * row counts (not the same as 0: the storefront shows no stock row as "sur commande", 0 as unavailable).
 */
export function quantityAt(
  levels: StockLevels,
  agencyCode: string | null,
  variantCode?: string,
): number | null {
  const quantities = variantCode === undefined ? levels : levels.variants.get(variantCode);
  if (!quantities) return null;
  return agencyCode === null ? quantities.total : (quantities.atAgency.get(agencyCode) ?? null);
}

/** One sum of the stock query: an article's, a declinaison's, at an agency or everywhere. */
export interface StockSumRow {
  articleCode: string;
  /** Null for the sum of every declinaison of the article. */
  variantCode: string | null;
  /** Null for the sum of every agency. */
  agencyCode: string | null;
  quantity: number;
}

/** The levels of each article from the sums of its stock (the articles without a row are left out). */
export function stockLevelsFromSums(rows: readonly StockSumRow[]): Map<string, StockLevels> {
  type Quantities = { atAgency: Map<string, number>; total: number | null };
  const newQuantities = (): Quantities => ({ atAgency: new Map(), total: null });
  const levels = new Map<string, Quantities & { variants: Map<string, Quantities> }>();
  for (const row of rows) {
    let article = levels.get(row.articleCode);
    if (!article) levels.set(row.articleCode, (article = { ...newQuantities(), variants: new Map() }));
    let target: Quantities = article;
    if (row.variantCode !== null) {
      const variant = article.variants.get(row.variantCode) ?? newQuantities();
      article.variants.set(row.variantCode, variant);
      target = variant;
    }
    if (row.agencyCode === null) target.total = row.quantity;
    else target.atAgency.set(row.agencyCode, row.quantity);
  }
  return levels;
}
