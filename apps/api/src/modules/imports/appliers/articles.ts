// The kind `articles` (docs/import-erp.md): the catalogue's articles; a unit they name that does not
// exist yet is created.
import { IMPORT_MESSAGES } from '@comptoir/shared/imports/kinds';
import { type ArticleWriteRow } from '../../catalogue/catalogue.service';
import { articlesByCodes } from '../../catalogue/catalogue.reads';
import { familiesByCodes } from '../../families/families.reads';
import { byKey, KnownCodes, tally, type Applier } from './helpers';

export function articleApplier(): Applier<'articles'> {
  const knownFamilies = new KnownCodes(async (tx, codes) =>
    (await familiesByCodes(tx, codes)).map((r) => r.code),
  );
  const knownUnits = new Set<string>();
  return {
    key: (row) => row.code,
    async apply(ctx, batch) {
      await knownFamilies.load(
        ctx.tx,
        batch.map(({ row }) => row.familyCode),
      );
      const existing = byKey(
        await articlesByCodes(
          ctx.tx,
          batch.map(({ row }) => row.code),
        ),
        (r) => r.code,
      );
      const writes: ArticleWriteRow[] = [];
      const newUnits = new Set<string>();
      for (const { line, row } of batch) {
        if (!knownFamilies.has(row.familyCode)) {
          ctx.reject({ line, column: 'code_famille', reason: IMPORT_MESSAGES.unknownFamily });
          continue;
        }
        const next: ArticleWriteRow = {
          code: row.code,
          designation1: row.designation1,
          designation2: row.designation2,
          description: row.description,
          familyCode: row.familyCode,
          priceHt: row.priceHt,
          vatRate: row.vatRate,
          saleUnit: row.saleUnit,
          stockUnit: row.stockUnit ?? row.saleUnit,
          prepUnit: row.prepUnit ?? row.saleUnit,
          length: row.length,
          width: row.width,
          height: row.height,
          density: row.density,
          weight: row.weight,
          diameter: row.diameter,
          capacity: row.capacity,
          dimensionUnit: row.dimensionUnit,
          weightUnit: row.weightUnit,
          image: row.image,
          minQuantity: row.minQuantity,
          saleMultiple: row.saleMultiple,
          backorderDays: row.backorderDays,
          active: row.active,
        };
        if (!ctx.write) continue;
        const before = existing.get(row.code);
        if (before?.active && !next.active) {
          // An active article withdrawn: counted as deactivated, whatever else changed with it.
          ctx.counts.deactivated++;
          writes.push(next);
        } else if (tally(ctx, before, next)) writes.push(next);
        for (const unit of [next.saleUnit, next.stockUnit, next.prepUnit])
          if (!knownUnits.has(unit)) newUnits.add(unit);
      }
      if (!ctx.write) return;
      await ctx.save('ensureUnits', [...newUnits]);
      for (const unit of newUnits) knownUnits.add(unit);
      await ctx.save('upsertArticles', writes);
    },
  };
}
