// The kind `unites` (docs/import-erp.md): the units of sale and their decimals.
import { unitRowDecimals } from '@comptoir/shared/imports/kinds';
import { type UnitWriteRow } from '../../catalogue/catalogue.service';
import { unitsByCodes } from '../../catalogue/catalogue.reads';
import { byKey, tally, type Applier } from './helpers';

export function unitApplier(): Applier<'unites'> {
  return {
    key: (row) => row.code,
    async apply(ctx, batch) {
      const existing = byKey(
        await unitsByCodes(
          ctx.tx,
          batch.map(({ row }) => row.code),
        ),
        (r) => r.code,
      );
      const writes: UnitWriteRow[] = [];
      for (const { row } of batch) {
        const next: UnitWriteRow = { code: row.code, label: row.label, decimals: unitRowDecimals(row) };
        if (ctx.write && tally(ctx, existing.get(row.code), next)) writes.push(next);
      }
      if (ctx.write) await ctx.save('upsertUnits', writes);
    },
  };
}
