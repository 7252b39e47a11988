// What the cart checks of the articles it adds (an addition, a quick order): active or not, their
// declinaisons, how they are sold.
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { articles, variants } from '@comptoir/db/schema';
import { saleColumns, saleUnit } from './article-columns.repository';

/** An article as the cart checks what it adds: active or not, its declinaisons, how it is sold. */
export interface ArticleForCart {
  code: string;
  active: boolean;
  variantCodes: string[];
  /** The sale unit's label ('Sac'). */
  unitLabel: string;
  saleDecimals: number;
  minQuantity: number | null;
  saleMultiple: number | null;
  backorderDays: number | null;
}

const forCartColumns = {
  code: articles.code,
  active: articles.active,
  unitLabel: saleUnit.label,
  ...saleColumns,
};

export async function findArticleWithVariants(db: DbOrTx, code: string): Promise<ArticleForCart | undefined> {
  const [article] = await db
    .select(forCartColumns)
    .from(articles)
    .innerJoin(saleUnit, eq(saleUnit.code, articles.saleUnit))
    .where(eq(articles.code, code));
  if (!article) return undefined;
  const rows = await db.select({ code: variants.code }).from(variants).where(eq(variants.articleCode, code));
  return { ...article, variantCodes: rows.map((row) => row.code) };
}

/** These articles (active or not) with the codes of their declinaisons; unknown codes left out. */
export async function findArticlesWithVariants(
  db: DbOrTx,
  codes: readonly string[],
): Promise<ArticleForCart[]> {
  if (codes.length === 0) return [];
  const [rows, variantRows] = await Promise.all([
    db
      .select(forCartColumns)
      .from(articles)
      .innerJoin(saleUnit, eq(saleUnit.code, articles.saleUnit))
      .where(inArray(articles.code, [...codes])),
    db
      .select({ articleCode: variants.articleCode, code: variants.code })
      .from(variants)
      .where(inArray(variants.articleCode, [...codes]))
      .orderBy(asc(variants.code)),
  ]);
  return rows.map((row) => ({
    ...row,
    variantCodes: variantRows.filter((variant) => variant.articleCode === row.code).map((v) => v.code),
  }));
}
