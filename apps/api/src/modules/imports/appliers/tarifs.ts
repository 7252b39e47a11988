// The kind `tarifs` (docs/import-erp.md): the customer prices, each a net price or a discount for a
// customer or customer type on an article or family, optionally in one agency.
import { IMPORT_MESSAGES } from '@comptoir/shared/imports/kinds';
import { existingArticleCodes } from '../../catalogue/catalogue.reads';
import { familiesByCodes } from '../../families/families.reads';
import { priceRulesByKeys, type NewPriceRule, type PriceRuleKey } from '../../prices/prices.service';
import { customersByCodes, customerTypesByCodes, existingAgencyCodes } from '../../reference/reference.reads';
import { byKey, KnownCodes, tally, type Applier } from './helpers';

const priceKey = (r: PriceRuleKey) =>
  [r.customerCode, r.customerTypeCode, r.articleCode, r.familyCode, r.agencyCode]
    .map((v) => v ?? '')
    .join('\u0000');

export function priceApplier(): Applier<'tarifs'> {
  const customers = new KnownCodes(async (tx, codes) =>
    (await customersByCodes(tx, codes)).map((r) => r.code),
  );
  const types = new KnownCodes(async (tx, codes) =>
    (await customerTypesByCodes(tx, codes)).map((r) => r.code),
  );
  const articles = new KnownCodes(existingArticleCodes);
  const families = new KnownCodes(async (tx, codes) => (await familiesByCodes(tx, codes)).map((r) => r.code));
  const agencies = new KnownCodes(existingAgencyCodes);
  const present = (values: (string | null)[]) => values.filter((v): v is string => v !== null);
  return {
    key: priceKey,
    async apply(ctx, batch) {
      const rows = batch.map(({ row }) => row);
      await customers.load(ctx.tx, present(rows.map((r) => r.customerCode)));
      await types.load(ctx.tx, present(rows.map((r) => r.customerTypeCode)));
      await articles.load(ctx.tx, present(rows.map((r) => r.articleCode)));
      await families.load(ctx.tx, present(rows.map((r) => r.familyCode)));
      await agencies.load(ctx.tx, present(rows.map((r) => r.agencyCode)));
      const existing = byKey(await priceRulesByKeys(ctx.tx, rows), priceKey);
      const inserts: NewPriceRule[] = [];
      const deletes: number[] = [];
      for (const { line, row } of batch) {
        const one = (a: string | null, b: string | null, columns: string, column: string) => {
          if ((a === null) === (b === null)) {
            ctx.reject({ line, column, reason: IMPORT_MESSAGES.oneOf(columns) });
            return false;
          }
          return true;
        };
        if (
          !one(row.customerCode, row.customerTypeCode, 'code_client et code_type', 'code_client') ||
          !one(row.articleCode, row.familyCode, 'code_article et code_famille', 'code_article')
        )
          continue;
        const withdrawn = row.active === false;
        const value = row.netPrice ?? row.discount;
        if (!withdrawn && value === null) {
          ctx.reject({ line, column: 'prix_net', reason: IMPORT_MESSAGES.priceWithoutValue });
          continue;
        }
        if (row.netPrice !== null && row.discount !== null) {
          ctx.reject({ line, column: 'prix_net', reason: IMPORT_MESSAGES.oneOf('prix_net et remise') });
          continue;
        }
        const unknown = (
          [
            [row.customerCode, customers, 'code_client', IMPORT_MESSAGES.unknownCustomer],
            [row.customerTypeCode, types, 'code_type', IMPORT_MESSAGES.unknownCustomerType],
            [row.articleCode, articles, 'code_article', IMPORT_MESSAGES.unknownArticle],
            [row.familyCode, families, 'code_famille', IMPORT_MESSAGES.unknownFamily],
            [row.agencyCode, agencies, 'code_agence', IMPORT_MESSAGES.unknownAgency],
          ] as const
        ).find(([code, known]) => code !== null && !known.has(code));
        if (unknown) {
          ctx.reject({ line, column: unknown[2], reason: unknown[3] });
          continue;
        }
        if (!ctx.write) continue;
        const before = existing.get(priceKey(row));
        const next: NewPriceRule = {
          customerCode: row.customerCode,
          customerTypeCode: row.customerTypeCode,
          articleCode: row.articleCode,
          familyCode: row.familyCode,
          agencyCode: row.agencyCode,
          netPrice: row.netPrice,
          discount: row.discount,
        };
        if (withdrawn) {
          // A withdrawn price: deleted, counted as deactivated; one already gone is unchanged.
          if (before) {
            ctx.counts.deactivated++;
            deletes.push(before.id);
          } else ctx.counts.unchanged++;
          continue;
        }
        const { id, ...stored } = before ?? { id: 0 };
        if (tally(ctx, before && stored, next)) {
          if (before) deletes.push(id);
          inserts.push(next);
        }
      }
      if (!ctx.write) return;
      await ctx.save('deletePriceRules', deletes);
      await ctx.save('addPriceRules', inserts);
    },
  };
}
