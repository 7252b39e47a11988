// The orders and their lines: every read and write of the orders tables. Rows keep the schema's
// English names; orders.service.ts and orders.mapping.ts map them to the contract.
import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lt,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { onOneConnection, queryRows, type DbOrTx } from '@comptoir/db/client';
import { preparedOnce } from '@comptoir/db/prepared-queries';
import {
  agencies,
  carriers,
  customerTypes,
  customers,
  orderCounts,
  orderLines,
  orders,
  zones,
} from '@comptoir/db/schema';
import { NUMERIC_WEB_ORDER_ID_PATTERN, WEB_ORDER_NUMBER_PATTERN } from '@comptoir/db/web-order-patterns';
import type { CartType, MovementType, OrderStatus } from '@comptoir/shared/domain';
import type { OrderQuery } from '@comptoir/shared/orders/contract';

// ---------------------------------------------------------------- the orders list

export type OrderFilters = Pick<
  OrderQuery,
  'dateDebut' | 'dateFin' | 'codeClient' | 'codeAgence' | 'reference'
>;

/** The list's filters in the order of their bit in a filter shape (findOrderPage, findOrderCount). */
const FILTER_NAMES = ['dateDebut', 'dateFin', 'codeClient', 'codeAgence', 'reference'] as const;

/** A filter's value, or the placeholder of a prepared query that stands for it. */
type FilterValues = { [name in keyof OrderFilters]?: string | Placeholder };

/**
 * The filters as one condition. Days are Europe/Paris calendar days, both included: from the day's
 * midnight in Paris to the next day's midnight, excluded (the offset of each bound is its own, so a
 * range across a DST change is right). Each filter column leads an index ending with the sort
 * (migration 0003); a reference matches customer_reference or number whatever its case ('w2026-002190'
 * finds W2026-002190), each by an index of its lower case (migration 0031).
 */
function filterCondition(filters: FilterValues): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.dateDebut)
    conditions.push(
      sql`${orders.orderedAt} >= (${filters.dateDebut}::date::timestamp at time zone 'Europe/Paris')`,
    );
  if (filters.dateFin)
    conditions.push(
      sql`${orders.orderedAt} < ((${filters.dateFin}::date + 1)::timestamp at time zone 'Europe/Paris')`,
    );
  if (filters.codeClient) conditions.push(eq(orders.customerCode, filters.codeClient));
  if (filters.codeAgence) conditions.push(eq(orders.agencyCode, filters.codeAgence));
  // Written exactly like the indexes of migration 0031, so that each side of the or uses its own.
  if (filters.reference)
    conditions.push(
      or(
        sql`lower(${orders.customerReference}) = lower(${filters.reference})`,
        sql`lower(${orders.number}) = lower(${filters.reference})`,
      )!,
    );
  return and(...conditions);
}

/**
 * The filters given, as a number (one bit per filter), and each given filter's placeholder: the
 * list's filters make 32 shapes of query, each prepared once, so that drizzle does not build the
 * page's and the total's text again for each page turn (130 µs each, docs/performance/database.md).
 */
function filterShape(filters: OrderFilters): { shape: number; placeholders: FilterValues } {
  let shape = 0;
  const placeholders: FilterValues = {};
  FILTER_NAMES.forEach((name, bit) => {
    if (!filters[name]) return;
    shape |= 1 << bit;
    placeholders[name] = sql.placeholder(name);
  });
  return { shape, placeholders };
}

/** Prepared queries by filter shape, each built once per database handle (preparedOnce). */
function byShape<Q>(build: (db: DbOrTx, placeholders: FilterValues, shape: number) => Q) {
  const queries = new Map<number, (db: DbOrTx) => Q>();
  return (db: DbOrTx, filters: OrderFilters): Q => {
    const { shape, placeholders } = filterShape(filters);
    let query = queries.get(shape);
    if (!query) queries.set(shape, (query = preparedOnce((handle) => build(handle, placeholders, shape))));
    return query(db);
  };
}

// The indexes are (… ordered_at DESC NULLS LAST, id DESC NULLS LAST), as Drizzle writes `.desc()`.
// The planner matches the NULLS order exactly (NOT NULL does not help), so the sort spells it out.
const newestFirst = [sql`${orders.orderedAt} desc nulls last`, sql`${orders.id} desc nulls last`];

/**
 * One page of the orders matching `filters`, newest first. A query builder: awaiting it runs it,
 * `.toSQL()` gives its SQL (the benchmark EXPLAINs it and orderCountQuery; the route runs it prepared,
 * findOrderPage). With `withTotal`, each row also carries the number of matching orders
 * (orderCountQuery as a scalar subquery, computed once): the page and its total in one statement, so
 * one pooled connection and one round trip a page instead of two.
 *
 * A deferred join: the page's ids are picked from `orders` alone (the filter, the sort, the offset and
 * the limit, served by the indexes above), and only those rows are then joined to their customer, its
 * type and the agency. Joined first, every row skipped by the offset was joined too (a page at offset
 * 5 000 joined 5 020 rows to keep 20). The joins drop no row either way: orders.customer_code,
 * orders.agency_code and customers.type_code are NOT NULL with enforced foreign keys, so the ids need
 * no check of the joined tables to give the same rows.
 */
export function orderPageQuery(
  db: DbOrTx,
  filters: FilterValues,
  page: { offset: number | Placeholder; limit: number | Placeholder },
  options: { withTotal?: boolean } = {},
) {
  const pageIds = db
    .select({ id: orders.id, orderedAt: orders.orderedAt })
    .from(orders)
    .where(filterCondition(filters))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  // A subquery's order does not survive a join in SQL: the page's few rows are sorted again, the same way.
  return db
    .select({
      id: orders.id,
      orderedAt: orders.orderedAt,
      webOrderId: orders.webOrderId,
      customerReference: orders.customerReference,
      number: orders.number,
      movementType: orders.movementType,
      status: orders.status,
      customerCode: orders.customerCode,
      agencyCode: orders.agencyCode,
      amountHt: orders.amountHt,
      amountTtc: orders.amountTtc,
      paymentLabel: orders.paymentLabel,
      cartType: orders.cartType,
      customerName: customers.name,
      customerTypeLabel: customerTypes.label,
      customerTypeCode: customerTypes.code,
      agencyLabel: agencies.label,
      total: options.withTotal
        ? sql<number | null>`(${orderCountQuery(db, filters)})`
        : sql<number | null>`null::int`,
    })
    .from(pageIds)
    .innerJoin(orders, eq(orders.id, pageIds.id))
    .innerJoin(customers, eq(customers.code, orders.customerCode))
    .innerJoin(customerTypes, eq(customerTypes.code, customers.typeCode))
    .innerJoin(agencies, eq(agencies.code, orders.agencyCode))
    .orderBy(sql`${pageIds.orderedAt} desc nulls last`, sql`${pageIds.id} desc nulls last`);
}

const pagePlaceholders = { offset: sql.placeholder('offset'), limit: sql.placeholder('limit') };
const preparedPage = byShape((db, placeholders, shape) =>
  orderPageQuery(db, placeholders, pagePlaceholders).prepare(`orders_page_${shape}`),
);
const preparedPageWithTotal = byShape((db, placeholders, shape) =>
  orderPageQuery(db, placeholders, pagePlaceholders, { withTotal: true }).prepare(
    `orders_page_total_${shape}`,
  ),
);

export type OrderPageRow = Awaited<ReturnType<typeof orderPageQuery>>[number];

/**
 * One page of the orders matching `filters`, newest first: orderPageQuery, prepared for its shape.
 * With `withTotal`, each row's `total` is the number of matching orders (null otherwise; a page
 * without rows has no total to give).
 */
export function findOrderPage(
  db: DbOrTx,
  filters: OrderFilters,
  page: { offset: number; limit: number },
  options: { withTotal?: boolean } = {},
): Promise<OrderPageRow[]> {
  const prepared = options.withTotal ? preparedPageWithTotal : preparedPage;
  return prepared(db, filters).execute({ ...filters, ...page });
}

/**
 * How many orders match `filters` (a query builder, as orderPageQuery). With no filter or the agency
 * alone, the total is read from order_counts, kept exact by triggers on orders: the list's first
 * screen and its agency filter would otherwise count a million orders on every page turn.
 */
export function orderCountQuery(db: DbOrTx, filters: FilterValues) {
  if (!filters.dateDebut && !filters.dateFin && !filters.codeClient && !filters.reference) {
    return db
      .select({ total: sql<number>`coalesce(sum(${orderCounts.orders}), 0)::int` })
      .from(orderCounts)
      .where(filters.codeAgence ? eq(orderCounts.agencyCode, filters.codeAgence) : undefined);
  }
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(orders)
    .where(filterCondition(filters));
}

const preparedCount = byShape((db, placeholders, shape) =>
  orderCountQuery(db, placeholders).prepare(`orders_count_${shape}`),
);

/** How many orders match `filters`: orderCountQuery, prepared for its shape. */
export async function findOrderCount(db: DbOrTx, filters: OrderFilters): Promise<number> {
  const [row] = await preparedCount(db, filters).execute(filters);
  return row!.total;
}

// ---------------------------------------------------------------- one order

export interface OrderRow {
  id: number;
  number: string;
  orderedAt: Date;
  customerReference: string | null;
  webOrderId: string | null;
  movementType: MovementType;
  status: OrderStatus | null;
  customerCode: string;
  customerName: string;
  agencyCode: string;
  agencyLabel: string;
  amountHt: number;
  amountVat: number | null;
  amountTtc: number | null;
  shippingFee: number;
  paymentLabel: string | null;
  cartType: CartType;
  delivery: {
    label: string | null;
    line1: string | null;
    line2: string | null;
    postalCode: string | null;
    city: string | null;
    zoneLabel: string | null;
  };
  carrierName: string | null;
  shipmentNumber: string | null;
  carrierTrackingUrl: string | null;
  /** A visitor's order: who to reach and its billing address (null fields for a customer's order). */
  contact: { name: string | null; email: string | null; phone: string | null };
  billing: { line1: string | null; line2: string | null; postalCode: string | null; city: string | null };
  /** The CGV version accepted; null when none was published. */
  cgvVersion: number | null;
  paymentValidatedBy: string | null;
  paymentValidatedAt: Date | null;
  exportedAt: Date | null;
  reexportCount: number;
  /** The file of the last recorded export is not on disk yet. */
  exportFilePending: boolean;
}

/** The order with everything its pages and its export file show, or undefined. */
export async function findOrder(
  db: DbOrTx,
  by: { id: number } | { number: string },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select({
      id: orders.id,
      number: orders.number,
      orderedAt: orders.orderedAt,
      customerReference: orders.customerReference,
      webOrderId: orders.webOrderId,
      movementType: orders.movementType,
      status: orders.status,
      customerCode: orders.customerCode,
      customerName: customers.name,
      agencyCode: orders.agencyCode,
      agencyLabel: agencies.label,
      amountHt: orders.amountHt,
      amountVat: orders.amountVat,
      amountTtc: orders.amountTtc,
      shippingFee: orders.shippingFee,
      paymentLabel: orders.paymentLabel,
      cartType: orders.cartType,
      deliveryLabel: orders.deliveryLabel,
      deliveryLine1: orders.deliveryLine1,
      deliveryLine2: orders.deliveryLine2,
      deliveryPostalCode: orders.deliveryPostalCode,
      deliveryCity: orders.deliveryCity,
      deliveryZone: zones.label,
      // The name chosen at checkout; the carrier's current name when the order did not keep one.
      carrierName: sql<string | null>`coalesce(${orders.carrierName}, ${carriers.name})`,
      shipmentNumber: orders.shipmentNumber,
      carrierTrackingUrl: carriers.trackingUrl,
      paymentValidatedBy: orders.paymentValidatedBy,
      paymentValidatedAt: orders.paymentValidatedAt,
      exportedAt: orders.exportedAt,
      reexportCount: orders.reexportCount,
      exportFilePending: orders.exportFilePending,
      contactName: orders.contactName,
      contactEmail: orders.contactEmail,
      contactPhone: orders.contactPhone,
      billingLine1: orders.billingLine1,
      billingLine2: orders.billingLine2,
      billingPostalCode: orders.billingPostalCode,
      billingCity: orders.billingCity,
      cgvVersion: orders.cgvVersion,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.code, orders.customerCode))
    .innerJoin(agencies, eq(agencies.code, orders.agencyCode))
    .leftJoin(zones, eq(zones.id, orders.deliveryZoneId))
    .leftJoin(carriers, eq(carriers.id, orders.carrierId))
    .where('id' in by ? eq(orders.id, by.id) : eq(orders.number, by.number));
  if (!row) return undefined;
  const {
    deliveryLabel,
    deliveryLine1,
    deliveryLine2,
    deliveryPostalCode,
    deliveryCity,
    deliveryZone,
    contactName,
    contactEmail,
    contactPhone,
    billingLine1,
    billingLine2,
    billingPostalCode,
    billingCity,
    ...order
  } = row;
  return {
    ...order,
    contact: { name: contactName, email: contactEmail, phone: contactPhone },
    billing: {
      line1: billingLine1,
      line2: billingLine2,
      postalCode: billingPostalCode,
      city: billingCity,
    },
    delivery: {
      label: deliveryLabel,
      line1: deliveryLine1,
      line2: deliveryLine2,
      postalCode: deliveryPostalCode,
      city: deliveryCity,
      zoneLabel: deliveryZone,
    },
  };
}

export type OrderLineRow = Pick<
  typeof orderLines.$inferSelect,
  | 'position'
  | 'articleCode'
  | 'variantCode'
  | 'designation'
  | 'siteTag'
  | 'quantity'
  | 'unit'
  | 'unitPriceHt'
  | 'amountHt'
  | 'vatRate'
  | 'pieces'
  | 'dimensions'
>;

/** The order's lines, by position. */
export function findOrderLines(db: DbOrTx, orderId: number): Promise<OrderLineRow[]> {
  return db
    .select({
      position: orderLines.position,
      articleCode: orderLines.articleCode,
      variantCode: orderLines.variantCode,
      designation: orderLines.designation,
      siteTag: orderLines.siteTag,
      quantity: orderLines.quantity,
      unit: orderLines.unit,
      unitPriceHt: orderLines.unitPriceHt,
      amountHt: orderLines.amountHt,
      vatRate: orderLines.vatRate,
      pieces: orderLines.pieces,
      dimensions: orderLines.dimensions,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
}

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

/**
 * What recording an export of sequence `sequence` writes on its order: made now (the database's now()),
 * its file still to be placed (pending). The checkout inserts a validated order with exportRecorded(0).
 */
export const exportRecorded = (sequence: number) =>
  ({
    reexportCount: sequence,
    exportedAt: sql`now()`,
    exportFilePending: true,
  }) satisfies Partial<PgInsertValue<typeof orders>>;

export async function markExported(tx: DbOrTx, orderId: number, sequence: number): Promise<void> {
  await tx.update(orders).set(exportRecorded(sequence)).where(eq(orders.id, orderId));
}

/**
 * Holds the order's file lock until the transaction ends: one writer of an order's file at a time,
 * on every instance sharing the database. A 64-bit hash: order ids are bigint.
 */
export async function lockOrderFile(tx: DbOrTx, orderId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${orderFileLockKey(orderId)})`);
}

/** Takes the order's file lock when nobody holds it (until the transaction ends); false otherwise. */
export async function tryLockOrderFile(tx: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${orderFileLockKey(orderId)}) as locked`,
  );
  return row!.locked;
}

const orderFileLockKey = (orderId: number) => sql`hashtextextended(${`comptoir.order-file/${orderId}`}, 0)`;

/** The file of the export recorded at (sequence, exportedAt) is in place, unless a newer one was recorded since. */
export async function markFileWritten(
  tx: DbOrTx,
  orderId: number,
  recorded: { sequence: number; exportedAt: Date },
): Promise<void> {
  await tx
    .update(orders)
    .set({ exportFilePending: false })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.reexportCount, recorded.sequence),
        // The row keeps microseconds, a Date milliseconds.
        sql`date_trunc('milliseconds', ${orders.exportedAt}) = ${recorded.exportedAt.toISOString()}`,
      ),
    );
}

/**
 * Orders whose file is still to be placed (orders_export_file_pending_idx), oldest first; `olderThanMs`
 * leaves alone the ones whose request is writing them right now.
 */
export async function findPendingOrderFiles(
  db: DbOrTx,
  options: { olderThanMs: number; limit: number },
): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.exportFilePending, true),
        sql`${orders.exportedAt} <= now() - make_interval(secs => ${options.olderThanMs / 1000})`,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(options.limit);
  return rows.map((row) => row.id);
}

/** The numbers of the orders among `ids` that exist. */
export async function findOrderNumbers(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row.number]));
}

/** The payment of the order was received: typePanier VAL, by whom, now. */
export async function markPaymentValidated(tx: DbOrTx, orderId: number, login: string): Promise<void> {
  await tx
    .update(orders)
    .set({ cartType: 'VAL', paymentValidatedBy: login, paymentValidatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

// ---------------------------------------------------------------- a customer's orders

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

// ---------------------------------------------------------------- figures

// Midnight of today in Paris, as a timestamptz.
const startOfParisDay = sql`(date_trunc('day', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris')`;

/** Orders placed today (a Paris day). */
export function countOrdersToday(db: DbOrTx): Promise<number> {
  return db.$count(
    orders,
    and(
      gte(orders.orderedAt, startOfParisDay),
      lt(orders.orderedAt, sql`${startOfParisDay} + interval '1 day'`),
    ),
  );
}

export function countOrdersOfCartTypes(db: DbOrTx, cartTypes: readonly CartType[]): Promise<number> {
  return db.$count(orders, inArray(orders.cartType, [...cartTypes]));
}

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
