// The catalogue's reads that other modules call as they are (docs/architecture.md, Enforcement): the
// articles a quick order checks, the back-office home's count of active articles, and the articles,
// declinaisons, stock and units the ERP imports compare their files with (docs/import-erp.md).
// Read-only: the boundaries rule refuses a write in a *.reads.ts file.
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { articles, stock, units, variants } from '@comptoir/db/schema';
import {
  articleWriteColumns,
  type ArticleWriteRow,
  type StockWriteRow,
  type UnitWriteRow,
  type VariantWriteRow,
} from './article-imports.repository';
import { saleUnit } from './article-columns.repository';
import { forCartColumns, type ArticleForCart } from './articles-for-cart.repository';

/** These articles (active or not) with the codes of their declinaisons; unknown codes left out. */
export async function articlesForCart(db: DbOrTx, codes: readonly string[]): Promise<ArticleForCart[]> {
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

/** How many articles are active (the back-office home's figure). */
export async function countActiveArticles(db: DbOrTx): Promise<number> {
  return db.$count(articles, eq(articles.active, true));
}

// ---------------------------------------------------------------- ERP imports (docs/import-erp.md)

export function articlesByCodes(db: DbOrTx, codes: readonly string[]): Promise<ArticleWriteRow[]> {
  if (!codes.length) return Promise.resolve([]);
  return db
    .select(articleWriteColumns)
    .from(articles)
    .where(inArray(articles.code, [...codes]));
}

/** The codes among `codes` that are articles. */
export async function existingArticleCodes(db: DbOrTx, codes: readonly string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const rows = await db
    .select({ code: articles.code })
    .from(articles)
    .where(inArray(articles.code, [...codes]));
  return new Set(rows.map((row) => row.code));
}

export function unitsByCodes(db: DbOrTx, codes: readonly string[]): Promise<UnitWriteRow[]> {
  if (!codes.length) return Promise.resolve([]);
  return db
    .select()
    .from(units)
    .where(inArray(units.code, [...codes]));
}

export function variantsOfArticles(db: DbOrTx, articleCodes: readonly string[]): Promise<VariantWriteRow[]> {
  if (!articleCodes.length) return Promise.resolve([]);
  return db
    .select()
    .from(variants)
    .where(inArray(variants.articleCode, [...articleCodes]));
}

export function stockOfArticles(db: DbOrTx, articleCodes: readonly string[]): Promise<StockWriteRow[]> {
  if (!articleCodes.length) return Promise.resolve([]);
  return db
    .select()
    .from(stock)
    .where(inArray(stock.articleCode, [...articleCodes]));
}
