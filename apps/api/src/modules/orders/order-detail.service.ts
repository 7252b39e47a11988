// One order as its viewers see it (docs/contract/orders.md): who may see it, its detail with its
// lines, and its number for the modules that serve its documents.
import type { DbOrTx } from '@comptoir/db/client';
import { trackingLink, type OrderDetail } from '@comptoir/shared/orders/contract';
import { ORDER_NOT_FOUND, orderStatusLabel, paymentStatusLabel } from '@comptoir/shared/orders/labels';
import { notFound } from '../../errors';
import type { SessionUser } from '../auth/auth.service';
import { seconds, secondsOrNull, toDeliveryAddress, toOrderLine } from './orders.mapping';
import * as orderDetail from './order-detail.repository';

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
