// Card payments on a provider's hosted page (docs/contract/checkout-and-payments.md):
// - the checkout's transaction records a pending payment beside the ATT order (recordCardPayment);
// - once that has committed, the provider's session is opened (openCardPayment): nothing can be
//   charged before the order exists, and one order has one session (the provider's own idempotency
//   key too), so a cart is never charged twice;
// - the provider's signed notification and the shopper's signed return both settle it (settle),
//   whichever comes first; the other, and any replay, finds it settled and changes nothing.
import { toCents } from '@comptoir/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '@comptoir/db/client';
import {
  CARD_RETURN_ORDER_PARAM,
  CARD_RETURN_PARAM,
  PAYMENT_LABELS,
  PAYMENT_MESSAGES,
  type CardPaymentStatus,
} from '@comptoir/shared/payment';
import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../../config';
import { badRequest } from '../../errors';
import type { MailQueue } from '../mail/mail.service';
import { queueOrderPlacedMail } from '../mail/order-mail.service';
import { confirmCardPayment, orderDetailById, placeWebOrderFile } from '../orders/orders.service';
import { findCustomer } from '../reference/reference.service';
import type { PaymentOutcome, PaymentProvider } from './payment-provider';
import * as repo from './payments.repository';
import { createStripeProvider } from './stripe-provider';
import { createTestProvider } from './test-provider';

// Other modules (the checkout, its tests) know the providers through this service.
export type { HostedPaymentRequest, PaymentProvider } from './payment-provider';
export { createTestProvider } from './test-provider';

/** The provider PAYMENT_PROVIDER names (the config checked that Stripe has its keys). */
export function createPaymentProvider(
  config: Pick<Config, 'paymentProvider' | 'testPaymentSecret' | 'stripe' | 'publicUrl'>,
): PaymentProvider {
  if (config.paymentProvider === 'stripe' && config.stripe)
    return createStripeProvider({ ...config.stripe, publicUrl: config.publicUrl });
  return createTestProvider(config.testPaymentSecret);
}

/** Who validated an order paid by card (payment_validated_by). */
const validatedBy = (provider: PaymentProvider) => `${PAYMENT_LABELS.carte} (${provider.name})`;

/** Inside the checkout's transaction: the card order's payment, pending. */
export function recordCardPayment(
  tx: DbOrTx,
  provider: PaymentProvider,
  order: { id: number; amountTtc: number; mailCustomer: boolean },
): Promise<void> {
  return repo.insertCardPayment(tx, {
    orderId: order.id,
    provider: provider.name,
    amountTtc: order.amountTtc,
    mailCustomer: order.mailCustomer,
  });
}

/**
 * After the checkout's commit: opens the provider's hosted session of order `order` and answers where
 * the shopper pays; null when the provider failed (the order waits, ATT, for an agent: logged).
 */
export async function openCardPayment(
  db: Database,
  provider: PaymentProvider,
  order: { id: number; numero: string; amountTtc: number; customerCode: string },
  log: FastifyBaseLogger,
): Promise<{ url: string } | null> {
  try {
    const customer = await findCustomer(db, order.customerCode);
    const session = await provider.createSession({
      orderId: order.id,
      numero: order.numero,
      amountTtc: order.amountTtc,
      customerEmail: customer?.email ?? null,
    });
    await repo.setSession(db, order.id, session.sessionId);
    return { url: session.url };
  } catch (error) {
    log.error({ err: error, orderId: order.id }, 'Session de paiement par carte non ouverte');
    return null;
  }
}

export interface SettleContext {
  db: Database;
  mail: MailQueue;
  exportsDir: string;
  log: FastifyBaseLogger;
}

export interface Settled {
  orderId: number;
  status: CardPaymentStatus;
  /** False when the payment was already settled (a replay, or the other of notification and return). */
  changed: boolean;
  /** Whether the customer gets the mails of this payment (not a visitor's order). */
  mailCustomer: boolean;
}

/**
 * Applies what the provider said of a session, once: accepted → the order ATT → VAL, exported;
 * refused → the order stays ATT and the customer gets the payment-refused mail; either mail is queued
 * in the same transaction (docs/contract/e-mails.md). An amount that is not
 * the order's is not believed (logged; nothing changes). 404 for an unknown session.
 */
export async function settle(
  context: SettleContext,
  provider: PaymentProvider,
  outcome: PaymentOutcome,
): Promise<Settled> {
  const { db, log } = context;
  const result = await db.transaction(async (tx): Promise<Settled> => {
    const payment = await repo.lockBySession(tx, provider.name, outcome.sessionId);
    if (!payment) throw badRequest(PAYMENT_MESSAGES.unknownSession);
    const unchanged = {
      orderId: payment.orderId,
      status: payment.status,
      changed: false,
      mailCustomer: payment.mailCustomer,
    };
    if (payment.status !== 'pending' || outcome.status === 'pending') return unchanged;
    if (outcome.amountTtc !== undefined && toCents(outcome.amountTtc) !== toCents(payment.amountTtc)) {
      log.error(
        { orderId: payment.orderId, amount: outcome.amountTtc },
        'Paiement par carte d’un autre montant',
      );
      return unchanged;
    }
    await repo.settle(tx, payment.id, outcome.status);
    if (outcome.status === 'accepted') await confirmCardPayment(tx, payment.orderId, validatedBy(provider));
    if (payment.mailCustomer) await queueOrderPlacedMail(tx, context.mail, payment.orderId);
    return {
      orderId: payment.orderId,
      status: outcome.status,
      changed: true,
      mailCustomer: payment.mailCustomer,
    };
  });
  if (result.changed) {
    if (result.mailCustomer) context.mail.wake();
    if (result.status === 'accepted')
      await placeWebOrderFile(db, context.exportsDir, { id: result.orderId, cartType: 'VAL' }, log);
  }
  return result;
}

/** A notification from the provider: verified (400 when forged), then settled. */
export async function handleNotification(
  context: SettleContext,
  provider: PaymentProvider,
  rawBody: string,
  headers: IncomingHttpHeaders,
): Promise<Settled | null> {
  const outcome = await provider.verifyNotification(rawBody, headers).catch(() => null);
  if (outcome === null) throw badRequest(PAYMENT_MESSAGES.forgedNotification);
  if (outcome === 'ignored') return null;
  return settle(context, provider, outcome);
}

/** The shopper back from the hosted page: verified (400 when forged), settled; where the browser goes next. */
export async function handleReturn(
  context: SettleContext,
  provider: PaymentProvider,
  query: Record<string, string | undefined>,
): Promise<string> {
  const outcome = await provider.verifyReturn(query).catch(() => null);
  if (outcome === null) throw badRequest(PAYMENT_MESSAGES.forgedReturn);
  const settled = await settle(context, provider, outcome);
  if (settled.mailCustomer)
    return `/compte/detail-mouvement/${settled.orderId}?${CARD_RETURN_PARAM}=${settled.status}`;
  // A visitor has no account to see the order in: the checkout page says what the bank said.
  const { entete } = await orderDetailById(context.db, settled.orderId);
  const back = new URLSearchParams({
    [CARD_RETURN_PARAM]: settled.status,
    [CARD_RETURN_ORDER_PARAM]: entete.numero,
  });
  return `/panier/commande?${back}`;
}
