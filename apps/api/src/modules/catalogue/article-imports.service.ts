// ERP imports (docs/import-erp.md): the imports module writes articles, declinaisons, stock and
// units through these (it reads them in catalogue.reads.ts).
import type { DbOrTx } from '@comptoir/db/client';
import type { JsonRowsQuery } from '@comptoir/db/upsert';
import * as repo from './article-imports.repository';

export const upsertArticles = (db: DbOrTx, rows: readonly repo.ArticleWriteRow[] | JsonRowsQuery) =>
  repo.upsertArticles(db, rows);
export const ensureUnits = (db: DbOrTx, codes: readonly string[]) => repo.ensureUnits(db, codes);
export const upsertUnits = (db: DbOrTx, rows: readonly repo.UnitWriteRow[]) => repo.upsertUnits(db, rows);
export const upsertVariants = (db: DbOrTx, rows: readonly repo.VariantWriteRow[]) =>
  repo.upsertVariants(db, rows);
export const upsertStock = (db: DbOrTx, rows: readonly repo.StockWriteRow[] | JsonRowsQuery) =>
  repo.upsertStock(db, rows);
