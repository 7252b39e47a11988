// The customer's account: its own orders, newest first (page /compte).
import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { orders } from '@comptoir/db/schema';
import type { OrderStatus } from '@comptoir/shared/domain';
import { ORDERS_PAGE_SIZE, type AccountOrderList } from '@comptoir/shared/orders/contract';
import { orderStatusLabel, paymentStatusLabel } from '@comptoir/shared/orders/labels';
import type { SessionUser } from '../auth/auth.service';
import { customerCodeOf } from '../cart/cart.service';

/** A page of the customer's orders (served by orders_customer_ordered_at_idx). */
export async function customerOrders(db: DbOrTx, user: SessionUser, page: number): Promise<AccountOrderList> {
  const customerCode = customerCodeOf(user);
  const mine = eq(orders.customerCode, customerCode);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderedAt: orders.orderedAt,
        numero: orders.number,
        refClient: orders.customerReference,
        montantHT: orders.amountHt,
        montantTTC: orders.amountTtc,
        movementType: orders.movementType,
        status: orders.status,
        paymentLabel: orders.paymentLabel,
        cartType: orders.cartType,
      })
      .from(orders)
      .where(mine)
      .orderBy(desc(orders.orderedAt), desc(orders.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset(page * ORDERS_PAGE_SIZE),
    db.select({ total: count() }).from(orders).where(mine),
  ]);
  return {
    total: total?.total ?? 0,
    elements: rows.map((row) => ({
      id: row.id,
      date: Math.floor(row.orderedAt.getTime() / 1000),
      numero: row.numero,
      refClient: row.refClient,
      montantHT: row.montantHT,
      montantTTC: row.montantTTC,
      libelleStatut: orderStatusLabel(row.movementType, row.status as OrderStatus | null),
      libelleModeReglement: row.paymentLabel,
      libelleStatutPaiement: paymentStatusLabel(row.cartType),
    })),
  };
}
