// Payment methods of the checkout and the card provider interface (docs/contract.md, Checkout and payments).
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

export type CardChargeResult = 'accepted' | 'refused' | 'no-answer';

/** A card payment provider; the app factory chooses one (the test provider unless another is plugged in). */
export interface PaymentProvider {
  charge(request: { amount: number; cardNumber: string }): Promise<CardChargeResult>;
}

/**
 * The order's cart type from its payment: on account → TER; card → VAL when the provider accepted,
 * ATT when it refused or did not answer (an agent validates it later); cheque or transfer → AT2.
 */
export function cartTypeFor(method: PaymentMethod, card: CardChargeResult | null): CartType {
  switch (method) {
    case 'compte':
      return 'TER';
    case 'carte':
      return card === 'accepted' ? 'VAL' : 'ATT';
    case 'cheque':
    case 'virement':
      return 'AT2';
  }
}

/** The confirmation message after placing an order. */
export function orderPlacedMessage(numero: string, type: CartType, card: CardChargeResult | null): string {
  switch (type) {
    case 'TER':
    case 'VAL':
      return `Commande ${numero} enregistrée et transmise`;
    case 'ATT':
      return card === 'refused'
        ? `Commande ${numero} enregistrée : paiement refusé, en attente de validation`
        : `Commande ${numero} enregistrée : paiement sans réponse, en attente de validation`;
    case 'AT2':
      return `Commande ${numero} enregistrée : en attente de votre règlement`;
  }
}

/**
 * The shipped test card provider: a number ending in 0000 is refused, one ending in 9999 gets no answer,
 * any other is accepted. Never used with real cards.
 */
export const testPaymentProvider: PaymentProvider = {
  charge({ cardNumber }) {
    const digits = cardNumber.replace(/\D/g, '');
    if (digits.endsWith('0000')) return Promise.resolve('refused');
    if (digits.endsWith('9999')) return Promise.resolve('no-answer');
    return Promise.resolve('accepted');
  },
};
