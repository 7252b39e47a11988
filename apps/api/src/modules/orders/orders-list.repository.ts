// The back office's orders list (docs/contract/orders.md): a page of the orders its filters match,
// newest first, and their number; and the back-office home's counts. Rows keep the schema's English
// names; orders-list.service.ts maps them to the contract.
import { and, eq, gte, inArray, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { preparedOnce } from '@comptoir/db/prepared-queries';
import { agencies, customerTypes, customers, orderCounts, orders } from '@comptoir/db/schema';
import type { CartType } from '@comptoir/shared/domain';
import type { OrderQuery } from '@comptoir/shared/orders/contract';

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

// ---------------------------------------------------------------- figures of the back-office home

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
