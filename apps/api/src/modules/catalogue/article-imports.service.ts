// ERP imports (docs/import-erp.md): the imports module reads and writes articles, declinaisons,
// stock and units through these.
import type { DbOrTx } from '@comptoir/db/client';
import type { JsonRowsQuery } from '@comptoir/db/upsert';
import * as repo from './article-imports.repository';

export const articlesByCodes = (db: DbOrTx, codes: readonly string[]) => repo.articlesByCodes(db, codes);
export const upsertArticles = (db: DbOrTx, rows: readonly repo.ArticleWriteRow[] | JsonRowsQuery) =>
  repo.upsertArticles(db, rows);
export const existingArticleCodes = (db: DbOrTx, codes: readonly string[]) =>
  repo.existingArticleCodes(db, codes);
export const ensureUnits = (db: DbOrTx, codes: readonly string[]) => repo.ensureUnits(db, codes);
export const unitsByCodes = (db: DbOrTx, codes: readonly string[]) => repo.unitsByCodes(db, codes);
export const upsertUnits = (db: DbOrTx, rows: readonly repo.UnitWriteRow[]) => repo.upsertUnits(db, rows);
export const variantsOfArticles = (db: DbOrTx, codes: readonly string[]) =>
  repo.variantsOfArticles(db, codes);
export const upsertVariants = (db: DbOrTx, rows: readonly repo.VariantWriteRow[]) =>
  repo.upsertVariants(db, rows);
export const stockOfArticles = (db: DbOrTx, codes: readonly string[]) => repo.stockOfArticles(db, codes);
export const upsertStock = (db: DbOrTx, rows: readonly repo.StockWriteRow[] | JsonRowsQuery) =>
  repo.upsertStock(db, rows);
