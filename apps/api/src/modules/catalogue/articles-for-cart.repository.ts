// What the cart checks of an article it adds: active or not, its declinaisons, how it is sold (a
// quick order's several at once are read in catalogue.reads.ts).
import { eq } from 'drizzle-orm';
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

export const forCartColumns = {
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
