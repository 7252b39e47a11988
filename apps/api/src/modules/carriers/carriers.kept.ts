// What the carriers module keeps in the answer cache (plugins/kept-read.ts), until the carriers
// change: the checkout page prices every carrier on each call.
import type { DbOrTx } from '@comptoir/db/client';
import { keptRead } from '../../plugins/kept-read';
import * as repo from './carriers.repository';

/** A carrier as pricing needs it; null when unknown. */
export const findCarrierForPricing: (
  db: DbOrTx,
  id: number,
) => Promise<{ id: number; name: string; shippingFeeId: number | null; pickup: boolean } | null> = keptRead({
  key: (id: number) => `carriers:pricing:${id}`,
  tables: ['carriers'],
  load: async (db, id: number) => {
    const row = await repo.findCarrier(db, id);
    return row && { id: row.id, name: row.name, shippingFeeId: row.shippingFeeId, pickup: row.pickup };
  },
});

/** The carriers a customer can choose at checkout, by position. */
export const activeCarriers = keptRead({
  key: () => 'carriers:active',
  tables: ['carriers'],
  load: (db) => repo.listActiveCarriers(db),
});
