// The card providers' calls to the shop, as zod schemas (docs/contract/checkout-and-payments.md): the
// query string each provider's return carries. Apart from payment.ts, which the storefront's first
// load imports without zod.
import { z } from 'zod';
import type { PaymentProviderName } from './payment';

/** The test provider's signed return: ?session=&resultat=&signature= (all checked by its signature). */
export const testReturnQuery = z.object({
  session: z.string().max(200).describe('La session de paiement du prestataire de test'),
  resultat: z.string().max(20).describe('La réponse choisie : accepted ou refused'),
  signature: z.string().max(200).describe('La signature du retour (HMAC-SHA256)'),
});

/** Stripe Checkout's return: ?session_id={CHECKOUT_SESSION_ID}. */
export const stripeReturnQuery = z.object({
  session_id: z.string().max(500).describe('La session Stripe Checkout (cs_…)'),
});

export const RETURN_QUERIES = {
  test: testReturnQuery,
  stripe: stripeReturnQuery,
} as const satisfies Record<PaymentProviderName, z.ZodType>;
