// The orders' mails (docs/contract/e-mails.md): the confirmation, or the payment refused, composed
// from the order as it stands in the caller's transaction and written to the outbox there.
import type { DbOrTx } from '@comptoir/db/client';
import { orderConfirmationMail, paymentRefusedMail } from '@comptoir/shared/mail';
import type { DeliveryAddress, OrderDetail } from '@comptoir/shared/orders/contract';
import { orderDetailById } from '../orders/orders.service';
import { findCustomer } from '../reference/reference.service';
import type { MailQueue } from './mail-sender';
import { queueMail } from './outbox';

const addressLines = (a: DeliveryAddress): string[] =>
  [a.libelle, a.ligne1, a.ligne2, [a.codePostal, a.ville].filter(Boolean).join(' ')].filter(
    (line): line is string => Boolean(line),
  );

/** What an order's mail is made of, read before the order is numbered (see queueOrderMail). */
export interface OrderMailDraft {
  order: OrderDetail;
  customer: { name: string; email: string };
}

/**
 * Inside the caller's transaction: what the mail of order `orderId` will say; null when its customer
 * has no e-mail address. The checkout reads it before it takes the numbering lock, which every other
 * checkout waits for, and queues it once numbered.
 */
export async function orderMailDraft(tx: DbOrTx, orderId: number): Promise<OrderMailDraft | null> {
  const order = await orderDetailById(tx, orderId);
  const customer = await findCustomer(tx, order.entete.codeClient);
  return customer?.email ? { order, customer: { name: customer.name, email: customer.email } } : null;
}

/**
 * Inside the caller's transaction: the order's confirmation to the customer, or, when the bank
 * refused the card (typePanier ATT), the payment-refused mail. `numero` when it was numbered since
 * the draft was read.
 */
export function queueOrderMail(
  tx: DbOrTx,
  mailQueue: MailQueue,
  { order, customer }: OrderMailDraft,
  numero = order.entete.numero,
): Promise<void> {
  const { shopName, publicUrl } = mailQueue.config;
  const orderUrl = `${publicUrl}/compte/detail-mouvement/${order.entete.id}`;
  const refused = order.entete.typePanier === 'ATT';
  const mail = refused
    ? paymentRefusedMail(shopName, {
        customerName: customer.name,
        orderNumber: numero,
        totalTtc: order.totaux.montantTTC ?? 0,
        orderUrl,
      })
    : orderConfirmationMail(shopName, {
        customerName: customer.name,
        orderNumber: numero,
        placedAt: new Date(order.entete.date * 1000),
        lines: order.lignes.map((line) => ({
          designation: line.designation,
          codeArticle: line.codeArticle,
          quantity: line.quantite,
          unit: line.unite,
          amountHt: line.montantHT,
        })),
        shippingFee: order.totaux.fraisPort ?? 0,
        totalHt: order.totaux.montantHT ?? 0,
        totalTtc: order.totaux.montantTTC ?? 0,
        paymentStatus: order.entete.libelleTypePanier,
        carrier: order.entete.transporteur ?? '',
        deliveryAddress: addressLines(order.entete.adresseLivraison),
        orderUrl,
      });
  return queueMail(tx, mailQueue, refused ? 'payment-refused' : 'order-confirmation', customer.email, mail);
}

/** Inside the caller's transaction: the mail of order `orderId` as it stands (nothing without an e-mail). */
export async function queueOrderPlacedMail(tx: DbOrTx, mailQueue: MailQueue, orderId: number): Promise<void> {
  const draft = await orderMailDraft(tx, orderId);
  if (draft) await queueOrderMail(tx, mailQueue, draft);
}
