// A customer's own orders (docs/contract/orders.md): the account page's list, the articles it
// ordered lately (reorder), and what its orders on account use of its credit limit.
import type { DbOrTx } from '@comptoir/db/client';
import { ORDERS_PAGE_SIZE, type AccountOrderList } from '@comptoir/shared/orders/contract';
import { orderStatusLabel, paymentStatusLabel } from '@comptoir/shared/orders/labels';
import { customerCodeOf, type SessionUser } from '../auth/auth.service';
import { seconds } from './orders.mapping';
import * as customerOrders from './customer-orders.repository';

/** A page of the customer's own orders, newest first (the account page); 403 for an administrator. */
export async function accountOrders(db: DbOrTx, user: SessionUser, page: number): Promise<AccountOrderList> {
  const customerCode = customerCodeOf(user);
  const { rows, total } = await customerOrders.customerOrderPage(db, customerCode, {
    offset: page * ORDERS_PAGE_SIZE,
    limit: ORDERS_PAGE_SIZE,
  });
  return {
    total,
    elements: rows.map((row) => ({
      id: row.id,
      date: seconds(row.orderedAt),
      numero: row.number,
      refClient: row.customerReference,
      montantHT: row.amountHt,
      montantTTC: row.amountTtc,
      libelleStatut: orderStatusLabel(row.movementType, row.status, row.cartType),
      libelleModeReglement: row.paymentLabel,
      libelleStatutPaiement: paymentStatusLabel(row.cartType),
    })),
  };
}

/** The distinct articles of the customer's latest orders, the most recently ordered first. */
export const recentlyOrderedArticleCodes = (
  db: DbOrTx,
  customerCode: string,
  ordersScanned: number,
  limit: number,
): Promise<string[]> => customerOrders.recentlyOrderedArticleCodes(db, customerCode, ordersScanned, limit);

/** What the customer's credit limit is used by: its orders on account not invoiced yet, TTC. */
export const outstandingOnAccount = (db: DbOrTx, customerCode: string): Promise<number> =>
  customerOrders.sumOutstandingOnAccount(db, customerCode);
