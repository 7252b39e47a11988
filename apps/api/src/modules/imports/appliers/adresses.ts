// The kind `adresses` (docs/import-erp.md): the customers' delivery addresses.
import { IMPORT_MESSAGES } from '@comptoir/shared/imports/kinds';
import { type AddressWriteRow } from '../../reference/reference.service';
import { addressesOfCustomers, customersByCodes, zonesByLabels } from '../../reference/reference.reads';
import { tally, uniq, type Applier } from './helpers';

export function addressApplier(): Applier<'adresses'> {
  const key = (r: { customerCode: string; label: string }) => `${r.customerCode}\u0000${r.label}`;
  return {
    key,
    async apply(ctx, batch) {
      const customerCodes = uniq(batch.map(({ row }) => row.customerCode));
      const customers = new Set((await customersByCodes(ctx.tx, customerCodes)).map((c) => c.code));
      const zoneLabels = uniq(batch.map(({ row }) => row.zone).filter((z): z is string => !!z));
      const zones = new Map((await zonesByLabels(ctx.tx, zoneLabels)).map((z) => [z.label, z.id]));
      const existing = new Map<string, AddressWriteRow & { id: number }>();
      for (const address of await addressesOfCustomers(ctx.tx, customerCodes))
        if (!existing.has(key(address))) existing.set(key(address), address);
      const writes: AddressWriteRow[] = [];
      for (const { line, row } of batch) {
        if (!customers.has(row.customerCode)) {
          ctx.reject({ line, column: 'code_client', reason: IMPORT_MESSAGES.unknownCustomer });
          continue;
        }
        const zoneId = row.zone ? zones.get(row.zone) : null;
        if (zoneId === undefined) {
          ctx.reject({ line, column: 'zone', reason: IMPORT_MESSAGES.unknownZone });
          continue;
        }
        const before = existing.get(key(row));
        const next: AddressWriteRow = {
          ...(before && { id: before.id }),
          customerCode: row.customerCode,
          label: row.label,
          line1: row.line1,
          line2: row.line2,
          postalCode: row.postalCode,
          city: row.city,
          zoneId,
          isDefault: row.isDefault ?? before?.isDefault ?? false,
        };
        if (ctx.write && tally(ctx, before, { ...next, id: before?.id })) writes.push(next);
      }
      if (ctx.write) await ctx.save('saveAddresses', writes);
    },
  };
}
