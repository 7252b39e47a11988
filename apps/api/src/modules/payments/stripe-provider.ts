// Stripe Checkout behind the payment-provider interface, with the official SDK. The shopper pays on
// Stripe's hosted page; the webhook's signature is verified by the SDK (stripe.webhooks); the return
// carries only the session id, so the shop asks Stripe itself (an authenticated call) what became of it.
import { toCents } from '@comptoir/shared/money';
import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import type { HostedPaymentRequest, PaymentOutcome, PaymentProvider } from './payment-provider';
import { returnPath } from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The shop's public URL, without a trailing slash: Stripe sends the shopper back there. */
  publicUrl: string;
  /** Tests pass a client whose HTTP goes nowhere (Stripe.createFetchHttpClient with their own fetch). */
  client?: Stripe;
}

/** A Checkout session's result as far as this shop is concerned. */
function outcomeOf(session: Stripe.Checkout.Session, status: PaymentOutcome['status']): PaymentOutcome {
  return {
    sessionId: session.id,
    status,
    ...(session.amount_total !== null && { amountTtc: session.amount_total / 100 }),
  };
}

const sessionStatus = (session: Stripe.Checkout.Session): PaymentOutcome['status'] =>
  session.payment_status === 'paid' ? 'accepted' : session.status === 'expired' ? 'refused' : 'pending';

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = settings.client ?? new Stripe(settings.secretKey);
  return {
    name: 'stripe',
    async createSession(request: HostedPaymentRequest) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          locale: 'fr',
          client_reference_id: String(request.orderId),
          metadata: { orderId: String(request.orderId), numero: request.numero },
          ...(request.customerEmail && { customer_email: request.customerEmail }),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: toCents(request.amountTtc),
                product_data: { name: `Commande ${request.numero}` },
              },
            },
          ],
          success_url: `${settings.publicUrl}${returnPath('stripe')}?session_id={CHECKOUT_SESSION_ID}`,
          // Abandoned: back to the order, still waiting; Stripe expires the session later (a notification).
          cancel_url: `${settings.publicUrl}/compte/detail-mouvement/${request.orderId}`,
        },
        // One session per order, whatever retries happen: the card is never asked twice for it.
        { idempotencyKey: `comptoir-order-${request.orderId}` },
      );
      if (!session.url) throw new Error('Stripe Checkout session without URL');
      return { sessionId: session.id, url: session.url };
    },
    async verifyNotification(rawBody: string, headers: IncomingHttpHeaders) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') return null;
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, settings.webhookSecret);
      } catch {
        return null;
      }
      switch (event.type) {
        case 'checkout.session.completed':
          // A delayed method (a transfer…) completes unpaid: its result comes with async_payment_*.
          return event.data.object.payment_status === 'paid'
            ? outcomeOf(event.data.object, 'accepted')
            : 'ignored';
        case 'checkout.session.async_payment_succeeded':
          return outcomeOf(event.data.object, 'accepted');
        case 'checkout.session.async_payment_failed':
        case 'checkout.session.expired':
          return outcomeOf(event.data.object, 'refused');
        default:
          return 'ignored';
      }
    },
    async verifyReturn(query) {
      const id = query.session_id;
      if (!id || !/^cs_[A-Za-z0-9_]+$/.test(id)) return null;
      const session = await stripe.checkout.sessions.retrieve(id);
      return outcomeOf(session, sessionStatus(session));
    },
  };
}
