// The orders (docs/contract/orders.md): the back-office list, payment validation, the order detail,
// the screen's settings, the customer's orders, and placing a web order (the only way an order is
// written). The export file lives in order-export.service.ts.
import type { FastifyBaseLogger } from 'fastify';
import { onOneConnection, type Database, type DbOrTx } from '@comptoir/db/client';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import { CART_TYPES_AWAITING_PAYMENT, type CartType } from '@comptoir/shared/domain';
import {
  ORDERS_PAGE_SIZE,
  type AccountOrderList,
  type OrderDetail,
  type OrderListResponse,
  type OrderQuery,
  type OrderScreenSettings,
  type PaymentValidation,
  type PaymentValidationResult,
  trackingLink,
} from '@comptoir/shared/orders/contract';
import {
  canValidatePayment,
  isValidated,
  ORDER_NOT_FOUND,
  orderStatusLabel,
  paymentNotValidatableMessage,
  paymentStatusLabel,
  paymentValidatedMessage,
  unknownOrderMessage,
} from '@comptoir/shared/orders/labels';
import { conflict, notFound } from '../../errors';
import { customerCodeOf, type SessionUser } from '../auth/auth.service';
import type { DeliveryAddressRow } from '../reference/reference.service';
import { readSetting } from '../settings/settings.service';
import { ordersOnDays } from '../statistics/statistics.service';
import { ordersWritten } from './orders.kept';
import { checkRecordedExport, placeOrderFileOrLeavePending, recordExport } from './order-export.service';
import { seconds, secondsOrNull, toDeliveryAddress, toOrderLine } from './orders.mapping';
import * as customerOrders from './customer-orders.repository';
import * as orderDetail from './order-detail.repository';
import type { OrderRow } from './order-detail.repository';
import * as orderExport from './order-export.repository';
import * as orderWrites from './order-writes.repository';
import type { NewOrderLine } from './order-writes.repository';
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

/** Which orders' changes alter a list page, the day's count and the payments awaiting validation. */
export { orderListScope, ordersAwaitingPaymentScope, ordersOfDayScope } from './order-changes';

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

// ---------------------------------------------------------------- payment validation

function toPaymentValidation(order: OrderRow): PaymentValidation {
  return {
    id: order.id,
    numero: order.number,
    date: seconds(order.orderedAt),
    refClient: order.customerReference,
    webCdeId: order.webOrderId,
    codeClient: order.customerCode,
    libelleClient: order.customerName,
    codeAgence: order.agencyCode,
    libelleAgence: order.agencyLabel,
    montantHT: order.amountHt,
    montantTVA: order.amountVat,
    montantTTC: order.amountTtc,
    fraisPort: order.shippingFee,
    libelleModeReglement: order.paymentLabel,
    typePanier: order.cartType,
    libelleTypePanier: paymentStatusLabel(order.cartType),
    validable: canValidatePayment(order.cartType),
    valideePar: order.paymentValidatedBy,
    valideeLe: secondsOrNull(order.paymentValidatedAt),
  };
}

/** What the payment validation page shows for the order numbered `numero`; 404 when there is none. */
export async function paymentValidationFor(db: DbOrTx, numero: string): Promise<PaymentValidation> {
  const order = await orderDetail.findOrder(db, { number: numero });
  if (!order) throw notFound(unknownOrderMessage(numero));
  return toPaymentValidation(order);
}

/**
 * The administrator `login` confirms that the payment of order `numero` was received: typePanier
 * VAL, who and when recorded, the export recorded (sequence 0), all or nothing; the export file is
 * placed after the commit (or left pending for the reconciliation, see placeOrderFileOrLeavePending).
 * 404 unknown numero, 409 when typePanier is not ATT or AT2 or the order cannot be exported
 * (nothing changes).
 */
export async function validatePayment(
  db: Database,
  exportsDir: string,
  numero: string,
  login: string,
  log: FastifyBaseLogger,
): Promise<PaymentValidationResult> {
  const result = await db.transaction(async (tx) => {
    const locked = await orderWrites.lockOrder(tx, { number: numero });
    if (!locked) throw notFound(unknownOrderMessage(numero));
    if (!canValidatePayment(locked.cartType))
      throw conflict(paymentNotValidatableMessage(numero, locked.cartType));
    await orderWrites.markPaymentValidated(tx, locked.id, login);
    await recordExport(tx, locked.id, { reexport: false });
    return {
      message: paymentValidatedMessage(numero),
      commande: toPaymentValidation((await orderDetail.findOrder(tx, { id: locked.id }))!),
    };
  });
  // The administrator's list, asked again at once, must show it validated without waiting for the
  // notification (the other instances hear it).
  ordersWritten(db);
  await placeOrderFileOrLeavePending(db, exportsDir, result.commande.id, log);
  return result;
}

// ---------------------------------------------------------------- the order detail

/** Whether `user` may see an order of customer `customerCode` (see orderDetailFor). */
function canSee(user: SessionUser, customerCode: string, codeClient: string | undefined): boolean {
  return user.role === 'admin'
    ? codeClient === undefined || codeClient === customerCode
    : user.codeClient !== null && user.codeClient === customerCode;
}

/**
 * The number (numero) of order `orderId` when `user` may see it, by the same rule as its detail;
 * otherwise the same 404 as an unknown order. Other modules (the order's documents) ask here.
 */
export async function visibleOrderNumber(
  db: DbOrTx,
  user: SessionUser,
  orderId: number,
  codeClient?: string,
): Promise<string> {
  const order = await orderDetail.findOrder(db, { id: orderId });
  if (!order || !canSee(user, order.customerCode, codeClient)) throw notFound(ORDER_NOT_FOUND);
  return order.number;
}

/** Whether `user` may see the order numbered `numero` (an unknown number: false). */
export async function canSeeOrderNumbered(db: DbOrTx, user: SessionUser, numero: string): Promise<boolean> {
  const order = await orderDetail.findOrder(db, { number: numero });
  return order !== undefined && canSee(user, order.customerCode, undefined);
}

/**
 * The order detail for `user`: an administrator reads any order (codeClient, when given, must be
 * the order's customer); a customer only its own, whatever codeClient says. Anything else is the
 * same 404 as an unknown order, so that nothing tells an order exists.
 */
export async function orderDetailFor(
  db: DbOrTx,
  user: SessionUser,
  orderId: number,
  codeClient: string | undefined,
): Promise<OrderDetail> {
  const found = await orderWithLines(db, orderId);
  if (!found || !canSee(user, found.order.customerCode, codeClient)) throw notFound(ORDER_NOT_FOUND);
  return detailOf(found);
}

/** The order detail, for the server's own use (its mails): no viewer to check. 404 when unknown. */
export async function orderDetailById(db: DbOrTx, orderId: number): Promise<OrderDetail> {
  const found = await orderWithLines(db, orderId);
  if (!found) throw notFound(ORDER_NOT_FOUND);
  return detailOf(found);
}

/**
 * The order `orderId` and its lines, or null when there is no such order. The two reads go together
 * (on the pool, two connections taken at once): a request waits for the pool once, not twice.
 */
async function orderWithLines(db: DbOrTx, orderId: number) {
  const [order, lines] = await Promise.all([
    orderDetail.findOrder(db, { id: orderId }),
    orderDetail.findOrderLines(db, orderId),
  ]);
  return order ? { order, lines } : null;
}

function detailOf({ order, lines }: NonNullable<Awaited<ReturnType<typeof orderWithLines>>>): OrderDetail {
  return {
    entete: {
      id: order.id,
      numero: order.number,
      date: seconds(order.orderedAt),
      dateValidationPaiement: secondsOrNull(order.paymentValidatedAt),
      dateExport: secondsOrNull(order.exportedAt),
      refClient: order.customerReference,
      webCdeId: order.webOrderId,
      typeWebMouvement: order.movementType,
      etat: order.status,
      libelleStatut: orderStatusLabel(order.movementType, order.status, order.cartType),
      typePanier: order.cartType,
      libelleTypePanier: paymentStatusLabel(order.cartType),
      libelleModeReglement: order.paymentLabel,
      codeAgence: order.agencyCode,
      libelleAgence: order.agencyLabel,
      codeClient: order.customerCode,
      libelleClient: order.customerName,
      adresseLivraison: toDeliveryAddress(order.delivery),
      transporteur: order.carrierName,
      numeroExpedition: order.shipmentNumber,
      lienSuivi: trackingLink(order.carrierTrackingUrl, order.shipmentNumber),
    },
    lignes: lines.map(toOrderLine),
    totaux: {
      montantHT: order.amountHt,
      montantTVA: order.amountVat,
      montantTTC: order.amountTtc,
      fraisPort: order.shippingFee,
    },
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

// ---------------------------------------------------------------- the customer's orders

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

// ---------------------------------------------------------------- figures of the back-office home

/** What the customer's credit limit is used by: its orders on account not invoiced yet, TTC. */
export const outstandingOnAccount = (db: DbOrTx, customerCode: string): Promise<number> =>
  customerOrders.sumOutstandingOnAccount(db, customerCode);

export const countOrdersToday = (db: DbOrTx): Promise<number> => orderList.countOrdersToday(db);

/** Orders whose payment awaits a validation (ATT, AT2). */
export const countOrdersAwaitingPayment = (db: DbOrTx): Promise<number> =>
  orderList.countOrdersOfCartTypes(db, CART_TYPES_AWAITING_PAYMENT);

// ---------------------------------------------------------------- placing a web order

/** A web order as the checkout decided it: who, where, what, for how much and how it is paid. */
export interface NewWebOrder {
  customerCode: string;
  agencyCode: string;
  customerReference: string | null;
  amountHt: number;
  amountVat: number;
  amountTtc: number;
  shippingFee: number;
  paymentLabel: string;
  cartType: CartType;
  /** The delivery address as it is when the order is placed (the order keeps a copy). */
  delivery: Pick<DeliveryAddressRow, 'label' | 'line1' | 'line2' | 'postalCode' | 'city' | 'zoneId'>;
  carrier: { id: number; name: string };
  lines: NewOrderLine[];
  /** A visitor's order (no account): who to reach, and its billing address (null: the delivery address). */
  visitor?: VisitorContact | null;
  /** The CGV version the shopper accepted; null when none is published. */
  cgvVersion?: number | null;
}

/** Who ordered without an account, as the order keeps it. */
export interface VisitorContact {
  name: string;
  email: string | null;
  phone: string | null;
  billing: { line1: string; line2: string | null; postalCode: string; city: string } | null;
}

const parisYear = (date: Date) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', year: 'numeric' }).format(date));

/**
 * Writes the order and its lines under a provisional number, and records its export when it is
 * validated (TER, VAL). Call it inside the checkout's transaction (a failure leaves nothing), then
 * numberWebOrder as that transaction's last step; once it has committed, call placeWebOrderFile.
 */
export async function writeWebOrder(tx: DbOrTx, order: NewWebOrder): Promise<WrittenWebOrder> {
  const orderedAt = new Date();
  const validated = isValidated(order.cartType);
  const id = await orderWrites.insertOrder(tx, {
    number: orderWrites.provisionalOrderNumber(),
    webOrderId: null,
    customerReference: order.customerReference,
    movementType: 'web',
    status: null,
    customerCode: order.customerCode,
    agencyCode: order.agencyCode,
    orderedAt,
    amountHt: order.amountHt,
    amountVat: order.amountVat,
    amountTtc: order.amountTtc,
    shippingFee: order.shippingFee,
    paymentLabel: order.paymentLabel,
    cartType: order.cartType,
    deliveryLabel: order.delivery.label,
    deliveryLine1: order.delivery.line1,
    deliveryLine2: order.delivery.line2,
    deliveryPostalCode: order.delivery.postalCode,
    deliveryCity: order.delivery.city,
    deliveryZoneId: order.delivery.zoneId,
    carrierId: order.carrier.id,
    carrierName: order.carrier.name,
    contactName: order.visitor?.name ?? null,
    contactEmail: order.visitor?.email ?? null,
    contactPhone: order.visitor?.phone ?? null,
    billingLine1: order.visitor?.billing?.line1 ?? null,
    billingLine2: order.visitor?.billing?.line2 ?? null,
    billingPostalCode: order.visitor?.billing?.postalCode ?? null,
    billingCity: order.visitor?.billing?.city ?? null,
    cgvVersion: order.cgvVersion ?? null,
    // A validated order is written with its first export recorded, as recordExport would record it.
    ...(validated ? orderExport.exportRecorded(0) : {}),
  });
  await orderWrites.insertOrderLines(
    tx,
    order.lines.map((line, index) => ({ ...line, orderId: id, position: index + 1 })),
  );
  // The export's content is checked here, under the provisional number: the file is written after
  // the commit, from the order as committed.
  if (validated) await checkRecordedExport(tx, id);
  return { id, orderedAt };
}

export interface WrittenWebOrder {
  id: number;
  orderedAt: Date;
}

/** How an order is numbered while it is written: the rollups leave such an order out until it is numbered. */
export const provisionalOrderNumber = orderWrites.provisionalOrderNumber;

/**
 * Gives the written order the next web order number of its Paris year, and answers it. Every checkout
 * takes the numbering lock here, held until its commit: call it last, right before the commit, so that
 * checkouts wait for one another's commit only (docs/contract/checkout-and-payments.md, Checkout).
 */
export async function numberWebOrder(tx: DbOrTx, order: WrittenWebOrder): Promise<string> {
  return (await orderWrites.numberWebOrder(tx, order.id, parisYear(order.orderedAt))).number;
}

/**
 * The card provider confirmed the payment of order `orderId`: ATT → VAL, recorded as validated by
 * `by`, its export recorded. Inside the caller's transaction; false, and nothing changed, when the
 * order is no longer ATT (an administrator validated it meanwhile). Then call placeWebOrderFile.
 */
export async function confirmCardPayment(tx: DbOrTx, orderId: number, by: string): Promise<boolean> {
  const locked = await orderWrites.lockOrder(tx, { id: orderId });
  if (!locked || locked.cartType !== 'ATT') return false;
  await orderWrites.markPaymentValidated(tx, orderId, by);
  await recordExport(tx, orderId, { reexport: false });
  return true;
}

/** After the checkout's commit: places the file of a validated order (pending if it cannot now). */
export async function placeWebOrderFile(
  db: Database,
  exportsDir: string,
  order: { id: number; cartType: CartType },
  log: FastifyBaseLogger,
): Promise<void> {
  if (isValidated(order.cartType)) await placeOrderFileOrLeavePending(db, exportsDir, order.id, log);
}

// ERP imports (docs/import-erp.md): the order statuses the ERP sends come in through these.
export type { OrderStatusRow } from './order-writes.repository';
export const orderStatusesByNumbers = (db: DbOrTx, numbers: readonly string[]) =>
  orderWrites.orderStatusesByNumbers(db, numbers);
export const setOrderStatuses = (db: DbOrTx, rows: Parameters<typeof orderWrites.setOrderStatuses>[1]) =>
  orderWrites.setOrderStatuses(db, rows);
