// The back office's orders list (docs/contract/orders.md): a page of orders and its total, the key
// and tables its answer is kept under, the screen's settings, and the home's counts of orders.
import { onOneConnection, type Database, type DbOrTx } from '@comptoir/db/client';
import { CART_TYPES_AWAITING_PAYMENT, SETTING_KEYS } from '@comptoir/shared/domain';
import type { OrderListResponse, OrderQuery, OrderScreenSettings } from '@comptoir/shared/orders/contract';
import { readSetting } from '../settings/settings.service';
import { ordersOnDays } from '../statistics/statistics.service';
import { seconds } from './orders.mapping';
import * as orderList from './orders-list.repository';

/**
 * Whether the list's total is summed from the statistics' day rollup (kept exact by triggers on
 * orders, Paris days as the filter's): a date range alone, or with an agency. A month of a million
 * orders is some 40 000 rows to count on every page turn otherwise. The other totals come with the
 * page, in its statement: no filter or the agency alone read order_counts, a customer or a reference
 * count their few rows (orders-list.repository.ts, orderCountQuery).
 */
const totalFromDayRollup = (query: OrderQuery) =>
  Boolean((query.dateDebut || query.dateFin) && !query.codeClient && !query.reference);

/** The page asked for and the number of orders matching its filters. */
async function orderPageAndTotal(db: Database, query: OrderQuery) {
  const page = { offset: query.page * query.size, limit: query.size };
  if (totalFromDayRollup(query)) {
    const [rows, total] = await Promise.all([
      orderList.findOrderPage(db, query, page),
      ordersOnDays(db, { firstDay: query.dateDebut, lastDay: query.dateFin, agencyCode: query.codeAgence }),
    ]);
    return { rows, total };
  }
  // A page past the last has no row to carry the total: counted apart, on the same connection (one
  // wait for the pool). The first page empty: none match.
  return onOneConnection(db, async (conn) => {
    const rows = await orderList.findOrderPage(conn, query, page, { withTotal: true });
    const total = rows[0]?.total ?? (page.offset === 0 ? 0 : await orderList.findOrderCount(conn, query));
    return { rows, total };
  });
}

/**
 * The tables an orders list page is built from (its totals, order_counts and the statistics' day
 * rollup, are written only by the triggers on orders). A page is kept in the answer cache until one
 * of them changes, on any instance; of the orders, only one its filters match (orderListScope): an
 * order placed drops the unfiltered pages and those of its customer, agency, day and references.
 */
export const ORDER_LIST_TABLES = ['orders', 'customers', 'customer_types', 'agencies'] as const;

/** The answer cache's key of an orders list page: the checked query, every field in schema order. */
export const orderListKey = (query: OrderQuery): string => `orders:list:${JSON.stringify(query)}`;

/** GET /admin/commandes/fetch: the page asked for and the number of matching orders. */
export async function listOrders(db: Database, query: OrderQuery): Promise<OrderListResponse> {
  const { rows, total } = await orderPageAndTotal(db, query);
  return {
    total,
    elements: rows.map((row) => ({
      id: row.id,
      date: seconds(row.orderedAt),
      webCdeId: row.webOrderId,
      refClient: row.customerReference,
      numero: row.number,
      typeWebMouvement: row.movementType,
      etat: row.status,
      codeClient: row.customerCode,
      codeAgence: row.agencyCode,
      montantHT: row.amountHt,
      montantTTC: row.amountTtc,
      libelleModeReglement: row.paymentLabel,
      typePanier: row.cartType,
      libelleClient: row.customerName,
      libelleTypeClient: row.customerTypeLabel,
      codeTypeClient: row.customerTypeCode,
      libelleAgence: row.agencyLabel,
    })),
  };
}

// ---------------------------------------------------------------- settings of the screen

/**
 * The orders screen's settings: the stored orders-actions setting, or its default ('1') when it was
 * never stored or holds something else than '0' / '1'.
 */
export async function orderScreenSettings(db: DbOrTx): Promise<OrderScreenSettings> {
  return { actions: await readSetting(db, SETTING_KEYS.orderActions) };
}

// ---------------------------------------------------------------- figures of the back-office home

export const countOrdersToday = (db: DbOrTx): Promise<number> => orderList.countOrdersToday(db);

/** Orders whose payment awaits a validation (ATT, AT2). */
export const countOrdersAwaitingPayment = (db: DbOrTx): Promise<number> =>
  orderList.countOrdersOfCartTypes(db, CART_TYPES_AWAITING_PAYMENT);
