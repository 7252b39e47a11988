// The kind `etats` (docs/import-erp.md): the statuses of the orders.
import { IMPORT_MESSAGES } from '@comptoir/shared/imports/kinds';
import { orderStatusesByNumbers } from '../../orders/orders.service';
import { byKey, tally, type Applier } from './helpers';
import type { StatusWriteRow } from './write-ops';

export function statusApplier(): Applier<'etats'> {
  return {
    key: (row) => row.number,
    async apply(ctx, batch) {
      const existing = byKey(
        await orderStatusesByNumbers(
          ctx.tx,
          batch.map(({ row }) => row.number),
        ),
        (r) => r.number,
      );
      const writes: StatusWriteRow[] = [];
      for (const { line, row } of batch) {
        const order = existing.get(row.number);
        if (!order) {
          ctx.reject({ line, column: 'numero', reason: IMPORT_MESSAGES.unknownOrder });
          continue;
        }
        // No shipment number in the row (or no such column): the order keeps the one it has.
        const next = {
          status: row.status,
          statusAt: row.date,
          shipmentNumber: row.shipmentNumber ?? order.shipmentNumber,
        };
        const before = {
          status: order.status,
          statusAt: order.statusAt,
          shipmentNumber: order.shipmentNumber,
        };
        if (ctx.write && tally(ctx, before, next)) writes.push({ id: order.id, ...next });
      }
      if (ctx.write) await ctx.save('setOrderStatuses', writes);
    },
  };
}
