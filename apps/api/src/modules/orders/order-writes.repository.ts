// The writes of an order's life: placing a web order (its row and lines under a provisional number,
// then its web number), the lock that validations and exports of one order take, the payment
// validated, and the statuses the ERP sends (docs/import-erp.md). The export's bookkeeping is
// order-export.repository.ts's.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { queryRows, type DbOrTx } from '@comptoir/db/client';
import { orderLines, orders } from '@comptoir/db/schema';
import { NUMERIC_WEB_ORDER_ID_PATTERN, WEB_ORDER_NUMBER_PATTERN } from '@comptoir/db/web-order-patterns';
import type { CartType, OrderStatus } from '@comptoir/shared/domain';

// ---------------------------------------------------------------- placing an order

// The web numbers and web ids placing an order continues from are read through two partial indexes
// (orders_web_number_idx, orders_numeric_web_order_id_idx, migration 0024): the first entry of each
// rather than a scan of every order, while every other checkout waits for the numbering lock. Each
// query repeats its index's predicate as the shared constant (web-order-patterns.ts), never a parameter, so that the planner
// proves the index applies to every plan of it, the generic plan of a named statement included.
const WEB_NUMBER_SHAPE = sql.raw(`'${WEB_ORDER_NUMBER_PATTERN}'`);
const NUMERIC_WEB_ORDER_ID = sql.raw(`'${NUMERIC_WEB_ORDER_ID_PATTERN}'`);

/**
 * The last web order number of `year` (a query builder, as orderPageQuery): the numbers of one year
 * all have six digits or more, so the longest, then the greatest, is the last one. A number has the
 * index's shape and `W{year}` before its dash exactly when it matches ^W{year}-[0-9]{6,}$.
 */
export function lastWebNumberQuery(db: DbOrTx, year: number) {
  return db
    .select({ number: orders.number })
    .from(orders)
    .where(
      and(
        sql`${orders.number} ~ ${WEB_NUMBER_SHAPE}`,
        sql`split_part(${orders.number}, '-', 1) = ${`W${year}`}`,
      ),
    )
    .orderBy(sql`length(${orders.number}) desc`, sql`${orders.number} desc`)
    .limit(1);
}

/** The greatest web order id made of 1 to 15 digits, as a number (a query builder); null when none. */
export function lastWebOrderIdQuery(db: DbOrTx) {
  return db
    .select({ webOrderId: sql<string | null>`max((${orders.webOrderId})::bigint)` })
    .from(orders)
    .where(sql`${orders.webOrderId} ~ ${NUMERIC_WEB_ORDER_ID}`);
}

/**
 * Gives order `orderId`, written under a provisional number, the next web order number of `year`
 * ('W2026-000042') and the next web order id (200 001 for the first), under a transaction-wide lock so
 * that two checkouts never take the same. The lock is held until the commit or rollback and every other
 * checkout waits for it: call this last in the transaction, so that they wait for a commit, not for
 * this checkout's writes.
 */
export async function numberWebOrder(tx: DbOrTx, orderId: number, year: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('comptoir.web-order-number'))`);
  // A statement of its own after the lock: its snapshot holds the order of the checkout before.
  const [row] = await queryRows<{ number: string; webOrderId: string }>(
    tx,
    webOrderNumbering(tx, orderId, year),
  );
  return row!;
}

/** The update that numbers the order (numberWebOrder), once the lock is held. */
export function webOrderNumbering(db: DbOrTx, orderId: number, year: number): SQL {
  const prefix = `W${year}-`;
  return sql`
    update ${orders} set number = next.number, web_order_id = next.web_order_id
    from (
      select ${prefix} || lpad(sequence::text, greatest(6, length(sequence::text)), '0') as number,
        (coalesce((${lastWebOrderIdQuery(db)}), 200000) + 1)::text as web_order_id
      from (
        select coalesce(substr((${lastWebNumberQuery(db, year)}), ${prefix.length + 1})::bigint, 0) + 1 as sequence
      ) as last
    ) as next
    where ${orders.id} = ${orderId}
    returning ${orders.number} as "number", ${orders.webOrderId} as "webOrderId"`;
}

/**
 * A number for an order being written, until numberWebOrder gives it its own before the commit: unique,
 * never of a web number's shape, never seen outside its transaction. The rollups' triggers leave an
 * order with this prefix out until it is numbered (migration 0028): keep the two the same (on PostgreSQL,
 * checkout-concurrency.test.ts waits forever when they differ).
 */
export const provisionalOrderNumber = () => `provisoire-${randomUUID()}`;

export async function insertOrder(tx: DbOrTx, order: PgInsertValue<typeof orders>): Promise<number> {
  const [row] = await tx.insert(orders).values(order).returning({ id: orders.id });
  return row!.id;
}

/** A line of an order being placed: what the checkout decides (the order and position come after). */
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId' | 'position'>;

export async function insertOrderLines(tx: DbOrTx, lines: (typeof orderLines.$inferInsert)[]) {
  if (lines.length > 0) await tx.insert(orderLines).values(lines);
}

// ---------------------------------------------------------------- locking and validating

export interface LockedOrder {
  id: number;
  number: string;
  cartType: CartType;
  reexportCount: number;
}

/**
 * Locks the order's row until the transaction ends (concurrent exports and validations of one order
 * run one after the other) and returns what they decide on, or undefined.
 */
export async function lockOrder(
  tx: DbOrTx,
  by: { id: number } | { number: string },
): Promise<LockedOrder | undefined> {
  const [row] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      cartType: orders.cartType,
      reexportCount: orders.reexportCount,
    })
    .from(orders)
    .where('id' in by ? eq(orders.id, by.id) : eq(orders.number, by.number))
    .for('update');
  return row;
}

/** The payment of the order was received: typePanier VAL, by whom, now. */
export async function markPaymentValidated(tx: DbOrTx, orderId: number, login: string): Promise<void> {
  await tx
    .update(orders)
    .set({ cartType: 'VAL', paymentValidatedBy: login, paymentValidatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

// ---------------------------------------------------------------- ERP imports (docs/import-erp.md)

export interface OrderStatusRow {
  id: number;
  number: string;
  status: OrderStatus | null;
  statusAt: Date | null;
  shipmentNumber: string | null;
}

export function orderStatusesByNumbers(db: DbOrTx, numbers: readonly string[]): Promise<OrderStatusRow[]> {
  if (!numbers.length) return Promise.resolve([]);
  return db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      statusAt: orders.statusAt,
      shipmentNumber: orders.shipmentNumber,
    })
    .from(orders)
    .where(inArray(orders.number, [...numbers]));
}

/** Sets each order's etat, its date and its shipment number, as the ERP sent them. */
export async function setOrderStatuses(
  db: DbOrTx,
  rows: readonly { id: number; status: OrderStatus; statusAt: Date; shipmentNumber: string | null }[],
): Promise<void> {
  for (const row of rows)
    await db
      .update(orders)
      .set({ status: row.status, statusAt: row.statusAt, shipmentNumber: row.shipmentNumber })
      .where(eq(orders.id, row.id));
}
