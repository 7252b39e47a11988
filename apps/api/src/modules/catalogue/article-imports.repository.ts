// The ERP imports' writes of articles, declinaisons, stock and units (docs/import-erp.md); their reads
// are in catalogue.reads.ts.
import type { DbOrTx } from '@comptoir/db/client';
import { articles, stock, units, variants } from '@comptoir/db/schema';
import { excludedSet, upsertJsonRows, type JsonRowsQuery } from '@comptoir/db/upsert';
import { defaultUnitDecimals } from '@comptoir/shared/quantity-rules';
import { measureColumns } from './article-columns.repository';

export const articleWriteColumns = {
  code: articles.code,
  designation1: articles.designation1,
  designation2: articles.designation2,
  description: articles.description,
  familyCode: articles.familyCode,
  priceHt: articles.priceHt,
  vatRate: articles.vatRate,
  saleUnit: articles.saleUnit,
  stockUnit: articles.stockUnit,
  prepUnit: articles.prepUnit,
  ...measureColumns,
  image: articles.image,
  minQuantity: articles.minQuantity,
  saleMultiple: articles.saleMultiple,
  backorderDays: articles.backorderDays,
  active: articles.active,
};
export type ArticleWriteRow = {
  [K in keyof typeof articleWriteColumns]: (typeof articles.$inferSelect)[K];
};

const articleKeys = Object.keys(articleWriteColumns) as (keyof ArticleWriteRow)[];

export async function upsertArticles(
  db: DbOrTx,
  rows: readonly ArticleWriteRow[] | JsonRowsQuery,
): Promise<void> {
  await upsertJsonRows(db, articles, articleKeys, ['code'], rows);
}

/** Creates the units an articles file names that the shop does not know: labelled by their code. */
export async function ensureUnits(db: DbOrTx, codes: readonly string[]): Promise<void> {
  if (!codes.length) return;
  await db
    .insert(units)
    .values(codes.map((code) => ({ code, label: code, decimals: defaultUnitDecimals(code) })))
    .onConflictDoNothing();
}

export type UnitWriteRow = typeof units.$inferSelect;

export async function upsertUnits(db: DbOrTx, rows: readonly UnitWriteRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(units)
    .values([...rows])
    .onConflictDoUpdate({
      target: units.code,
      set: excludedSet(units, ['label', 'decimals']),
    });
}

export type VariantWriteRow = typeof variants.$inferSelect;

export async function upsertVariants(db: DbOrTx, rows: readonly VariantWriteRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(variants)
    .values([...rows])
    .onConflictDoUpdate({
      target: [variants.articleCode, variants.code],
      set: excludedSet(variants, ['designation', 'options', 'priceHt', 'weight']),
    });
}

export type StockWriteRow = typeof stock.$inferSelect;

export async function upsertStock(db: DbOrTx, rows: readonly StockWriteRow[] | JsonRowsQuery): Promise<void> {
  await upsertJsonRows(
    db,
    stock,
    ['articleCode', 'variantCode', 'agencyCode', 'quantity'],
    ['articleCode', 'variantCode', 'agencyCode'],
    rows,
  );
}
