// The orders' writes (docs/contract/orders.md): payment validation (by an administrator, or the card
// provider's confirmation), placing and numbering a web order (the only way an order is written),
// and the order statuses the ERP sends. The export file lives in order-export.service.ts.
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '@comptoir/db/client';
import type { CartType } from '@comptoir/shared/domain';
import type { PaymentValidation, PaymentValidationResult } from '@comptoir/shared/orders/contract';
import {
  canValidatePayment,
  isValidated,
  paymentNotValidatableMessage,
  paymentStatusLabel,
  paymentValidatedMessage,
  unknownOrderMessage,
} from '@comptoir/shared/orders/labels';
import { conflict, notFound } from '../../errors';
import type { DeliveryAddressRow } from '../reference/reference.service';
import { ordersWritten } from './orders.kept';
import { checkRecordedExport, placeOrderFileOrLeavePending, recordExport } from './order-export.service';
import { seconds, secondsOrNull } from './orders.mapping';
import * as orderDetail from './order-detail.repository';
import type { OrderRow } from './order-detail.repository';
import * as orderExport from './order-export.repository';
import * as orderWrites from './order-writes.repository';
import type { NewOrderLine } from './order-writes.repository';

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
