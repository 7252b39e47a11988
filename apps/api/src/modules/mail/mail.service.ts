// The shop's outgoing mail (docs/contract/e-mails.md). Each mail is composed and written to the
// outbox inside the transaction of what it tells of (the order, the payment's result, the sign-up,
// the reset link): it exists if and only if that committed, and says what was true then. The sender
// (mail-sender.ts) sends it from there, with retries; the caller wakes it after its commit.
import type { DbOrTx } from '@comptoir/db/client';
import { PASSWORD_RESET_TTL_MINUTES } from '@comptoir/shared/account';
import { MAIL_HOME_WARNINGS } from '@comptoir/shared/admin-home';
import {
  accountCreatedMail,
  orderConfirmationMail,
  passwordResetMail,
  paymentRefusedMail,
  type ComposedMail,
} from '@comptoir/shared/mail';
import type { DeliveryAddress, OrderDetail } from '@comptoir/shared/orders/contract';
import type { Config } from '../../config';
import type { SessionUser } from '../auth/auth.service';
import { orderDetailById } from '../orders/orders.service';
import { findCustomer } from '../reference/reference.service';
import type { MailQueue } from './mail-sender';
import * as repo from './mail.repository';

export { createMailSender, type Mailer, type MailQueue, type MailSender } from './mail-sender';
export { createMailer } from './mail-transport';

const addressLines = (a: DeliveryAddress): string[] =>
  [a.libelle, a.ligne1, a.ligne2, [a.codePostal, a.ville].filter(Boolean).join(' ')].filter(
    (line): line is string => Boolean(line),
  );

function queue(tx: DbOrTx, mailQueue: MailQueue, kind: repo.MailKind, to: string, mail: ComposedMail) {
  return repo.insertMail(tx, { kind, recipient: to, ...mail, at: mailQueue.now() });
}

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
  return queue(tx, mailQueue, refused ? 'payment-refused' : 'order-confirmation', customer.email, mail);
}

/** Inside the caller's transaction: the mail of order `orderId` as it stands (nothing without an e-mail). */
export async function queueOrderPlacedMail(tx: DbOrTx, mailQueue: MailQueue, orderId: number): Promise<void> {
  const draft = await orderMailDraft(tx, orderId);
  if (draft) await queueOrderMail(tx, mailQueue, draft);
}

/** The mail of `compose` to customer `codeClient`'s e-mail; nothing without one. */
async function queueToCustomer(
  tx: DbOrTx,
  mailQueue: MailQueue,
  kind: repo.MailKind,
  codeClient: string,
  compose: (customerName: string) => ComposedMail,
): Promise<void> {
  const customer = await findCustomer(tx, codeClient);
  if (customer?.email) await queue(tx, mailQueue, kind, customer.email, compose(customer.name));
}

/** Inside the sign-up's transaction: the account-created mail, with the login and the login page. */
export function queueAccountCreatedMail(tx: DbOrTx, mailQueue: MailQueue, user: SessionUser): Promise<void> {
  const { shopName, publicUrl } = mailQueue.config;
  return queueToCustomer(tx, mailQueue, 'account-created', user.codeClient!, (name) =>
    accountCreatedMail(shopName, { name, login: user.login, loginUrl: `${publicUrl}/connexion` }),
  );
}

/** Inside the transaction that stores the token's hash: the link to the page that takes it. */
export function queuePasswordResetMail(
  tx: DbOrTx,
  mailQueue: MailQueue,
  request: { login: string; codeClient: string; token: string },
): Promise<void> {
  const { shopName, publicUrl } = mailQueue.config;
  const resetUrl = `${publicUrl}/mot-de-passe-oublie/nouveau?jeton=${encodeURIComponent(request.token)}`;
  return queueToCustomer(tx, mailQueue, 'password-reset', request.codeClient, (name) =>
    passwordResetMail(shopName, {
      name,
      login: request.login,
      resetUrl,
      validMinutes: PASSWORD_RESET_TTL_MINUTES,
    }),
  );
}

/** The back-office home's warnings about the outbox: mails waiting or retrying, mails given up. */
export async function mailWarnings(
  db: DbOrTx,
  config: Pick<Config, 'mailGiveUpMs'>,
): Promise<{ message: string; ecran: null }[]> {
  const { pending, failed } = await repo.countUnsent(db);
  const hours = Math.round(config.mailGiveUpMs / 3_600_000);
  return [
    ...(pending > 0 ? [{ message: MAIL_HOME_WARNINGS.pending(pending), ecran: null }] : []),
    ...(failed > 0 ? [{ message: MAIL_HOME_WARNINGS.failed(failed, hours), ecran: null }] : []),
  ];
}
