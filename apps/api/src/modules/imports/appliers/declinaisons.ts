// The kind `declinaisons` (docs/import-erp.md): the variants of the articles.
import { IMPORT_MESSAGES } from '@comptoir/shared/imports/kinds';
import { type VariantWriteRow } from '../../catalogue/catalogue.service';
import { existingArticleCodes, variantsOfArticles } from '../../catalogue/catalogue.reads';
import { byKey, KnownCodes, tally, uniq, type Applier } from './helpers';

export function variantApplier(): Applier<'declinaisons'> {
  const knownArticles = new KnownCodes(existingArticleCodes);
  return {
    key: (row) => `${row.articleCode}\u0000${row.code}`,
    async apply(ctx, batch) {
      const articleCodes = uniq(batch.map(({ row }) => row.articleCode));
      await knownArticles.load(ctx.tx, articleCodes);
      const existing = byKey(
        await variantsOfArticles(ctx.tx, articleCodes),
        (r) => `${r.articleCode}\u0000${r.code}`,
      );
      const writes: VariantWriteRow[] = [];
      for (const { line, row } of batch) {
        if (!knownArticles.has(row.articleCode)) {
          ctx.reject({ line, column: 'code_article', reason: IMPORT_MESSAGES.unknownArticle });
          continue;
        }
        const next: VariantWriteRow = {
          articleCode: row.articleCode,
          code: row.code,
          designation: row.designation,
          options: row.options ?? {},
          priceHt: row.priceHt,
          weight: row.weight,
        };
        if (ctx.write && tally(ctx, existing.get(`${row.articleCode}\u0000${row.code}`), next))
          writes.push(next);
      }
      if (ctx.write) await ctx.save('upsertVariants', writes);
    },
  };
}
