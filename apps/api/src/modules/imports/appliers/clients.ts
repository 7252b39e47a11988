// The kind `clients` (docs/import-erp.md): the customers; a customer type given with its label is
// created.
import { IMPORT_MESSAGES } from '@comptoir/shared/imports/kinds';
import { type CustomerWriteRow } from '../../reference/reference.service';
import { customersByCodes, customerTypesByCodes, existingAgencyCodes } from '../../reference/reference.reads';
import { byKey, KnownCodes, tally, uniq, type Applier } from './helpers';

export function customerApplier(): Applier<'clients'> {
  const knownAgencies = new KnownCodes(existingAgencyCodes);
  /** The types the file creates (its writes may not be in the database yet: see the staged imports). */
  const fileTypes = new Set<string>();
  return {
    key: (row) => row.code,
    async apply(ctx, batch) {
      await knownAgencies.load(
        ctx.tx,
        batch.map(({ row }) => row.agencyCode),
      );
      const types = byKey(
        await customerTypesByCodes(ctx.tx, uniq(batch.map(({ row }) => row.typeCode))),
        (r) => r.code,
      );
      const existing = byKey(
        await customersByCodes(
          ctx.tx,
          batch.map(({ row }) => row.code),
        ),
        (r) => r.code,
      );
      const typeWrites = new Map<string, string>();
      const writes: CustomerWriteRow[] = [];
      for (const { line, row } of batch) {
        if (!knownAgencies.has(row.agencyCode)) {
          ctx.reject({ line, column: 'code_agence', reason: IMPORT_MESSAGES.unknownAgency });
          continue;
        }
        const type = types.get(row.typeCode);
        if (!type && !row.typeLabel && !typeWrites.has(row.typeCode) && !fileTypes.has(row.typeCode)) {
          ctx.reject({ line, column: 'code_type', reason: IMPORT_MESSAGES.unknownType });
          continue;
        }
        if (row.typeLabel && type?.label !== row.typeLabel) typeWrites.set(row.typeCode, row.typeLabel);
        if (row.typeLabel) fileTypes.add(row.typeCode);
        const next: CustomerWriteRow = {
          code: row.code,
          name: row.name,
          typeCode: row.typeCode,
          agencyCode: row.agencyCode,
          isProfessional: row.isProfessional,
          creditLimit: row.creditLimit,
          email: row.email,
          phone: row.phone,
          siret: row.siret,
        };
        if (ctx.write && tally(ctx, existing.get(row.code), next)) writes.push(next);
      }
      if (!ctx.write) return;
      await ctx.save(
        'upsertCustomerTypes',
        [...typeWrites].map(([code, label]) => ({ code, label })),
      );
      await ctx.save('upsertCustomers', writes);
    },
  };
}
