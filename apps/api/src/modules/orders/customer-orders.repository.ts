// A customer's own orders: the account's list, the articles it ordered lately (reorder), and its
// orders on account not invoiced yet (its credit limit's use).
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { onOneConnection, type DbOrTx } from '@comptoir/db/client';
import { preparedOnce } from '@comptoir/db/prepared-queries';
import { orderLines, orders } from '@comptoir/db/schema';
import type { CartType, MovementType, OrderStatus } from '@comptoir/shared/domain';

export interface CustomerOrderRow {
  id: number;
  orderedAt: Date;
  number: string;
  customerReference: string | null;
  amountHt: number;
  amountTtc: number | null;
  movementType: MovementType;
  status: OrderStatus | null;
  paymentLabel: string | null;
  cartType: CartType;
}

/** A page of the customer's orders, newest first, and their number (served by orders_customer_ordered_at_idx). */
export async function customerOrderPage(
  db: DbOrTx,
  customerCode: string,
  page: { offset: number; limit: number },
): Promise<{ rows: CustomerOrderRow[]; total: number }> {
  // A page past the last has no row to carry the total: counted apart, on the same connection (one
  // wait for the pool). The first page empty: none.
  return onOneConnection(db, async (conn) => {
    const rows = await customerOrdersWithTotal(conn).execute({ customerCode, ...page });
    const total = rows[0]?.total ?? (page.offset === 0 ? 0 : await countCustomerOrders(conn, customerCode));
    return { rows, total };
  });
}

// Prepared once; the page and the customer's number of orders in one statement (a scalar subquery,
// computed once), so one pooled connection and one round trip a page.
const customerOrdersWithTotal = preparedOnce((db) => {
  const customerCode = sql.placeholder('customerCode');
  return db
    .select({
      id: orders.id,
      orderedAt: orders.orderedAt,
      number: orders.number,
      customerReference: orders.customerReference,
      amountHt: orders.amountHt,
      amountTtc: orders.amountTtc,
      movementType: orders.movementType,
      status: orders.status,
      paymentLabel: orders.paymentLabel,
      cartType: orders.cartType,
      total: sql<number>`(${db
        .select({ total: sql`count(*)::int` })
        .from(orders)
        .where(eq(orders.customerCode, customerCode))})`,
    })
    .from(orders)
    .where(eq(orders.customerCode, customerCode))
    .orderBy(desc(orders.orderedAt), desc(orders.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('customer_orders_page');
});

/**
 * The distinct article codes of the customer's latest `ordersScanned` orders, the most recently ordered
 * first (then by their place in the order), at most `limit`. The latest orders come from
 * orders_customer_ordered_at_idx, so the cost does not grow with the customer's history.
 */
export async function recentlyOrderedArticleCodes(
  db: DbOrTx,
  customerCode: string,
  ordersScanned: number,
  limit: number,
): Promise<string[]> {
  const recent = db
    .select({ id: orders.id, orderedAt: orders.orderedAt })
    .from(orders)
    .where(eq(orders.customerCode, customerCode))
    .orderBy(desc(orders.orderedAt), desc(orders.id))
    .limit(ordersScanned)
    .as('recent');
  // Each article once, at its latest line (DISTINCT ON keeps the first row per code in this order)…
  const latest = db
    .selectDistinctOn([orderLines.articleCode], {
      code: orderLines.articleCode,
      orderedAt: recent.orderedAt,
      orderId: recent.id,
      position: orderLines.position,
    })
    .from(recent)
    .innerJoin(orderLines, eq(orderLines.orderId, recent.id))
    .orderBy(orderLines.articleCode, desc(recent.orderedAt), desc(recent.id), orderLines.position)
    .as('latest');
  // …then the articles by that line: newest order first, in the order's own order.
  const rows = await db
    .select({ code: latest.code })
    .from(latest)
    .orderBy(desc(latest.orderedAt), desc(latest.orderId), latest.position)
    .limit(limit);
  return rows.map((row) => row.code);
}

export async function countCustomerOrders(db: DbOrTx, customerCode: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(orders).where(eq(orders.customerCode, customerCode));
  return row?.total ?? 0;
}

/**
 * The customer's orders on account (TER) not invoiced yet (etat other than E_FAC), TTC (HT when the
 * ERP gave no TTC): what its credit limit is used by.
 */
export async function sumOutstandingOnAccount(db: DbOrTx, customerCode: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(coalesce(${orders.amountTtc}, ${orders.amountHt})), 0)` })
    .from(orders)
    .where(
      and(
        eq(orders.customerCode, customerCode),
        eq(orders.cartType, 'TER'),
        or(sql`${orders.status} is null`, sql`${orders.status} <> 'E_FAC'`),
      ),
    );
  return Number(row?.total ?? 0);
}
