// The kind `stocks` (docs/import-erp.md): the stock of an article or variant per agency.
import { IMPORT_MESSAGES } from '@comptoir/shared/imports/kinds';
import { type StockWriteRow } from '../../catalogue/catalogue.service';
import { existingArticleCodes, stockOfArticles, variantsOfArticles } from '../../catalogue/catalogue.reads';
import { existingAgencyCodes } from '../../reference/reference.reads';
import { byKey, KnownCodes, tally, uniq, type Applier } from './helpers';

export function stockApplier(): Applier<'stocks'> {
  const knownArticles = new KnownCodes(existingArticleCodes);
  const knownAgencies = new KnownCodes(existingAgencyCodes);
  const stockKey = (r: { articleCode: string; variantCode: string; agencyCode: string }) =>
    `${r.articleCode}\u0000${r.variantCode}\u0000${r.agencyCode}`;
  return {
    key: (row) => stockKey({ ...row, variantCode: row.variantCode ?? '' }),
    async apply(ctx, batch) {
      const articleCodes = uniq(batch.map(({ row }) => row.articleCode));
      await knownArticles.load(ctx.tx, articleCodes);
      await knownAgencies.load(
        ctx.tx,
        batch.map(({ row }) => row.agencyCode),
      );
      const withVariants = batch.filter(({ row }) => row.variantCode).map(({ row }) => row.articleCode);
      const variantKeys = new Set(
        (await variantsOfArticles(ctx.tx, uniq(withVariants))).map((v) => `${v.articleCode}\u0000${v.code}`),
      );
      const existing = byKey(await stockOfArticles(ctx.tx, articleCodes), stockKey);
      const writes: StockWriteRow[] = [];
      for (const { line, row } of batch) {
        if (!knownArticles.has(row.articleCode)) {
          ctx.reject({ line, column: 'code_article', reason: IMPORT_MESSAGES.unknownArticle });
          continue;
        }
        if (row.variantCode && !variantKeys.has(`${row.articleCode}\u0000${row.variantCode}`)) {
          ctx.reject({ line, column: 'code_declinaison', reason: IMPORT_MESSAGES.unknownVariant });
          continue;
        }
        if (!knownAgencies.has(row.agencyCode)) {
          ctx.reject({ line, column: 'code_agence', reason: IMPORT_MESSAGES.unknownAgency });
          continue;
        }
        const next: StockWriteRow = {
          articleCode: row.articleCode,
          variantCode: row.variantCode ?? '',
          agencyCode: row.agencyCode,
          quantity: row.quantity,
        };
        if (ctx.write && tally(ctx, existing.get(stockKey(next)), next)) writes.push(next);
      }
      if (ctx.write) await ctx.save('upsertStock', writes);
    },
  };
}
