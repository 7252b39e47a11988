// The credit limit (encours) of a customer (docs/contract/sign-up-temporary-accounts-and-credit-limit.md, Credit limit): what it is used by, what
// remains, and whether an order may be placed. The API applies it inside the checkout transaction; the
// cart and the account show the summary.
import { z } from 'zod';
import { formatEuros } from './format';
import type { PaymentMethod } from './payment';

export const ENCOURS_MESSAGES = {
  /** On account, over the limit, with blockOnEncoursError. */
  refused: (available: string) =>
    `Commande refusée : elle dépasse votre encours autorisé (disponible : ${available}). Choisissez un autre mode de règlement ou contactez votre agence.`,
  /** On account, over the limit, without blockOnEncoursError: the order is placed. */
  warning: (available: string) =>
    `Attention : cette commande dépasse votre encours autorisé (disponible : ${available}). Votre agence en est informée.`,
  /** Cheque or transfer over the limit, with blockOfflinePayment. */
  offlineRefused:
    'Le règlement par chèque ou virement n’est pas possible au-delà de votre encours autorisé : payez par carte bancaire',
} as const;

/** What the cart and the account show of it. */
export const ENCOURS_LABELS = {
  title: 'Votre encours',
  limit: 'Encours autorisé',
  used: 'Utilisé (commandes en compte non facturées)',
  available: 'Disponible',
  over: 'Votre encours autorisé est dépassé : les commandes en compte peuvent être refusées.',
} as const;

/** The three encours settings, as booleans. */
export interface EncoursSettings {
  activateEncoursChecking: boolean;
  blockOnEncoursError: boolean;
  blockOfflinePayment: boolean;
}

/** GET /rest/compte/encours: the logged-in customer's limit, what is used and what remains (TTC). */
export const encours = z.object({
  /** The credit limit; null: the customer has none (no checking applies). */
  plafond: z.number().nullable(),
  /** Orders on account not invoiced yet. */
  utilise: z.number(),
  /** plafond − utilise (negative when over); null without a limit. */
  disponible: z.number().nullable(),
  /** The shop checks orders against the limit (activateEncoursChecking). */
  controle: z.boolean(),
});
export type Encours = z.infer<typeof encours>;

const cents = (amount: number) => Math.round(amount * 100);

export function encoursSummary(limit: number | null, outstanding: number, checking: boolean): Encours {
  return {
    plafond: limit,
    utilise: outstanding,
    disponible: limit === null ? null : (cents(limit) - cents(outstanding)) / 100,
    controle: checking,
  };
}

export type EncoursDecision =
  { kind: 'ok' } | { kind: 'warning' } | { kind: 'refused'; reason: 'onAccount' | 'offline' };

/**
 * Whether an order of `amountTtc` paid by `method` may be placed by a customer with `limit` and
 * `outstanding` (its orders on account not invoiced yet). The customer is over its limit when
 * outstanding + this order exceeds it. Only orders on account use the limit up; cheques and transfers
 * over it are refused with blockOfflinePayment; cards are never limited.
 */
export function encoursDecision(input: {
  settings: EncoursSettings;
  limit: number | null;
  outstanding: number;
  amountTtc: number;
  method: PaymentMethod;
}): EncoursDecision {
  const { settings, limit } = input;
  if (!settings.activateEncoursChecking || limit === null) return { kind: 'ok' };
  const over = cents(input.outstanding) + cents(input.amountTtc) > cents(limit);
  if (!over) return { kind: 'ok' };
  switch (input.method) {
    case 'compte':
      return settings.blockOnEncoursError ? { kind: 'refused', reason: 'onAccount' } : { kind: 'warning' };
    case 'cheque':
    case 'virement':
      return settings.blockOfflinePayment ? { kind: 'refused', reason: 'offline' } : { kind: 'ok' };
    case 'carte':
      return { kind: 'ok' };
  }
}

/**
 * What the checkout knows of the customer's limit (GET /rest/panier/livraison `encours`), so that it
 * offers only the payment methods the server would accept (paymentChoices).
 */
export const encoursCommande = z.object({
  /** The credit limit (TTC); null: none, nothing is checked. */
  plafond: z.number().nullable(),
  /** Orders on account not invoiced yet (TTC). */
  utilise: z.number(),
  activateEncoursChecking: z.boolean(),
  blockOnEncoursError: z.boolean(),
  blockOfflinePayment: z.boolean(),
});
export type EncoursCommande = z.infer<typeof encoursCommande>;

/**
 * The one verdict of the server's checkout and of the checkout page on paying `amountTtc` by `method`:
 * the French refusal (the order is not placed), or the warning of an order on account accepted over the
 * limit, or neither.
 */
export function encoursVerdict(
  context: EncoursCommande,
  order: { amountTtc: number; method: PaymentMethod },
): { refus: string | null; avertissement: string | null } {
  const decision = encoursDecision({
    settings: context,
    limit: context.plafond,
    outstanding: context.utilise,
    ...order,
  });
  const available = () => formatEuros(encoursSummary(context.plafond, context.utilise, true).disponible ?? 0);
  switch (decision.kind) {
    case 'ok':
      return { refus: null, avertissement: null };
    case 'warning':
      return { refus: null, avertissement: ENCOURS_MESSAGES.warning(available()) };
    case 'refused':
      return {
        refus:
          decision.reason === 'onAccount'
            ? ENCOURS_MESSAGES.refused(available())
            : ENCOURS_MESSAGES.offlineRefused,
        avertissement: null,
      };
  }
}

/** Each payment method the customer may use, with the refusal the server would answer for this amount (or null). */
export function paymentChoices(
  methods: readonly PaymentMethod[],
  context: EncoursCommande,
  amountTtc: number,
): { code: PaymentMethod; refus: string | null }[] {
  return methods.map((code) => ({ code, refus: encoursVerdict(context, { amountTtc, method: code }).refus }));
}
