// What the orders module drops of the answer cache (plugins/kept-read.ts) after its writes: the
// administrator's lists kept as sent (ORDER_LIST_TABLES, orders.routes.ts) are built from the orders.
import type { DbOrTx } from '@comptoir/db/client';
import { forgetKept } from '../../plugins/kept-read';

/** Once an order's write has committed: this process's lists show it at once (the others hear the commit). */
export const ordersWritten = (db: DbOrTx): void => forgetKept(db, ['orders']);
