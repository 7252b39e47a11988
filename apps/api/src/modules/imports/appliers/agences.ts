// The kind `agences` (docs/import-erp.md): the agencies.
import { type AgencyWriteRow } from '../../reference/reference.service';
import { agenciesByCodes } from '../../reference/reference.reads';
import { byKey, tally, type Applier } from './helpers';

export function agencyApplier(): Applier<'agences'> {
  return {
    key: (row) => row.code,
    async apply(ctx, batch) {
      const existing = byKey(
        await agenciesByCodes(
          ctx.tx,
          batch.map(({ row }) => row.code),
        ),
        (r) => r.code,
      );
      const writes: AgencyWriteRow[] = [];
      for (const { row } of batch)
        if (ctx.write && tally(ctx, existing.get(row.code), row)) writes.push({ ...row });
      if (ctx.write) await ctx.save('upsertAgencies', writes);
    },
  };
}
