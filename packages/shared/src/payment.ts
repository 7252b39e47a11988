// Payment methods of the checkout and the card payment's rules (docs/contract/checkout-and-payments.md).
// The card is paid on the provider's hosted page: the shop never sees its number. The provider
// interface itself lives in the API (apps/api/src/modules/payments).
import type { CartType } from './domain';

export const PAYMENT_METHODS = ['compte', 'carte', 'cheque', 'virement'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** libelleModeReglement: the payment label stored on the order (and shown on its detail page). */
export const PAYMENT_LABELS = {
  compte: 'Paiement en compte',
  carte: 'Carte bancaire',
  cheque: 'Chèque',
  virement: 'Virement',
} as const satisfies Record<PaymentMethod, string>;
export type PaymentLabel = (typeof PAYMENT_LABELS)[PaymentMethod];

/** The methods a customer may use: on account only for professional customers. */
export function paymentMethodsFor(isProfessional: boolean): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => method !== 'compte' || isProfessional);
}

/** What the provider said of a card payment; 'pending' until it says anything. */
export type CardPaymentStatus = 'pending' | 'accepted' | 'refused';

/** The card payment's provider: 'test' (the shipped hosted test page) or 'stripe' (Stripe Checkout). */
export const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * The order's cart type from its payment: on account → TER; card → ATT until the provider confirms
 * (then VAL; a refusal leaves it ATT for an agent to validate); cheque or transfer → AT2.
 */
export function cartTypeFor(method: PaymentMethod): CartType {
  switch (method) {
    case 'compte':
      return 'TER';
    case 'carte':
      return 'ATT';
    case 'cheque':
    case 'virement':
      return 'AT2';
  }
}

/** The confirmation message after placing an order (a card order: before the shopper pays). */
export function orderPlacedMessage(numero: string, type: CartType, method: PaymentMethod): string {
  if (method === 'carte') return cardPaymentMessage(numero, 'pending');
  switch (type) {
    case 'TER':
    case 'VAL':
      return `Commande ${numero} enregistrée et transmise`;
    case 'ATT':
    case 'AT2':
      return `Commande ${numero} enregistrée : en attente de votre règlement`;
  }
}

/** What the shopper reads of a card payment, back from the provider's page. */
export function cardPaymentMessage(numero: string, status: CardPaymentStatus): string {
  switch (status) {
    case 'accepted':
      return `Commande ${numero} enregistrée et transmise`;
    case 'refused':
      return `Commande ${numero} enregistrée : paiement refusé, en attente de validation`;
    case 'pending':
      return `Commande ${numero} enregistrée : paiement par carte en attente de la réponse de la banque`;
  }
}

/** The provider could not open its payment page: the order waits (ATT) for an agent. */
export const cardUnavailableMessage = (numero: string) =>
  `Commande ${numero} enregistrée : paiement sans réponse, en attente de validation`;

/** The refusals of the card provider's calls (notification, return, hosted test page). */
export const PAYMENT_MESSAGES = {
  forgedNotification: 'Notification de paiement refusée : signature invalide',
  forgedReturn: 'Retour de paiement refusé : signature invalide',
  unknownSession: 'Session de paiement inconnue',
} as const;

/** The query parameter of the order detail page a card payment comes back to ('paiement'). */
export const CARD_RETURN_PARAM = 'paiement';
/** A visitor comes back to the checkout page instead, with the order's number in this parameter. */
export const CARD_RETURN_ORDER_PARAM = 'commande';
