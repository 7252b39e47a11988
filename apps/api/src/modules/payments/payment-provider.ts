// The card payment provider interface (docs/contract/checkout-and-payments.md). The shopper pays on the
// provider's hosted page: the shop never sees the card. The shop learns the result from the provider's
// signed server-to-server notification and from the signed return of the shopper's browser.
import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentProviderName } from '@comptoir/shared/payment';

export interface HostedPaymentRequest {
  orderId: number;
  numero: string;
  /** The amount to charge, in euros, tax included. */
  amountTtc: number;
  customerEmail: string | null;
}

export interface HostedPaymentSession {
  sessionId: string;
  /** Where the shopper's browser goes to pay. */
  url: string;
}

/** What a verified notification or return says of a session; 'pending' when it says nothing final yet. */
export interface PaymentOutcome {
  sessionId: string;
  status: 'accepted' | 'refused' | 'pending';
  /** The amount the provider charged or tried to, in euros, when it says. */
  amountTtc?: number;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Opens a hosted payment session; called once the order has committed. */
  createSession(request: HostedPaymentRequest): Promise<HostedPaymentSession>;
  /**
   * Verifies a notification's signature over its raw body: null when it is forged; 'ignored' for a
   * genuine event that says nothing of a payment's result.
   */
  verifyNotification(
    rawBody: string,
    headers: IncomingHttpHeaders,
  ): Promise<PaymentOutcome | 'ignored' | null>;
  /** Verifies the shopper's return from the hosted page: null when it is forged or unreadable. */
  verifyReturn(query: Record<string, string | undefined>): Promise<PaymentOutcome | null>;
}

/** The path the provider sends the shopper back to (and its notifications), under the shop's own URL. */
export const returnPath = (provider: PaymentProviderName) => `/rest/paiement/${provider}/retour`;
export const notificationPath = (provider: PaymentProviderName) => `/rest/paiement/${provider}/notification`;
