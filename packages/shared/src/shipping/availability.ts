// Which carriers the checkout offers, and what the back-office home warns of, so that shipping is never
// free by accident (docs/contract/checkout-and-payments.md, Checkout and Shipping fees). Pure rules: the server reads the
// schedule, the carriers and the cart, these decide.
import { z } from 'zod';
import type { TypeForfait } from './contract';
import type { FeeForfait, ShippingFeeResult } from './fee-contract';
import { forfaitProblem } from './fee-engine';

/**
 * A carrier is offered for a cart when its fee prices every line: a pickup carrier (never charged), a
 * forfait's band (a band of 0 € or a franco reached is free on purpose), never the 0 € the engine
 * counts for lines no forfait covers (an empty schedule, no fee type, a zone the schedule ignores, a
 * carrier linked to a forfait that is gone).
 */
export const carrierOffered = (fee: Pick<ShippingFeeResult, 'unpriced'>): boolean => !fee.unpriced;

export const AVAILABILITY_MESSAGES = {
  /** Placing an order with a carrier the checkout did not offer. */
  carrierNotOffered:
    'Ce transporteur ne peut pas livrer cette commande : aucun tarif de transport ne s’applique. Choisissez un autre transporteur',
  /** The checkout when no carrier at all can take the cart (delivery carriers withheld, no pickup). */
  noDelivery:
    'Aucune livraison n’est possible pour cette commande à cette adresse : aucun tarif de transport ne s’applique. Contactez votre agence.',
  /** The checkout when delivery carriers were withheld and only pickup remains. */
  pickupOnly:
    'La livraison n’est pas proposée pour cette commande à cette adresse (aucun tarif de transport ne s’applique) : seul le retrait en agence est possible.',
} as const;

/**
 * What the checkout says above the carriers when some were withheld, or null: nothing withheld, or
 * delivery carriers remain (they are what the shopper chooses from).
 */
export function checkoutCarrierNotice(
  offered: readonly { pickup: boolean }[],
  withheld: number,
): string | null {
  if (withheld === 0) return null;
  if (offered.length === 0) return AVAILABILITY_MESSAGES.noDelivery;
  return offered.every((carrier) => carrier.pickup) ? AVAILABILITY_MESSAGES.pickupOnly : null;
}

/** A warning of the back-office home, and the screen where it is fixed. */
export const shippingWarning = z.object({
  message: z.string(),
  ecran: z.enum(['forfaits', 'transporteurs']),
});
export type ShippingWarning = z.infer<typeof shippingWarning>;

export type WarnedCarrier = {
  nom: string;
  /** id_forfait_transport, or null when the schedule prices it. */
  forfaitId: number | null;
  pickup: boolean;
};

export const SHIPPING_WARNINGS = {
  noFeeType:
    'Aucun type de forfait de transport n’est choisi : aucune livraison n’est proposée à la commande, seul le retrait en agence.',
  emptySchedule:
    'Le barème des frais de port est vide : aucune livraison n’est proposée à la commande, seul le retrait en agence.',
  carrierWithoutFee: (nom: string) =>
    `Le transporteur « ${nom} » n’a aucun forfait de transport : il n’est pas proposé à la commande.`,
  carrierLinkBroken: (nom: string, forfaitId: number) =>
    `Le transporteur « ${nom} » est lié au forfait n°${forfaitId}, qui n’existe pas dans le barème en vigueur : il n’est pas proposé à la commande.`,
} as const;

/**
 * The home's warnings about the fee schedule in force (`forfaits`: those of fee type `typeForfait`)
 * and the active carriers: no fee type, no usable forfait, and each delivery carrier that no forfait
 * can price (unlinked while the schedule is empty, or linked to a forfait that is not in force or has
 * no tranche: the engine prices a linked carrier with that forfait alone). Pickup carriers never need
 * a fee.
 */
export function shippingWarnings(input: {
  typeForfait: TypeForfait | null;
  forfaits: readonly FeeForfait[];
  carriers: readonly WarnedCarrier[];
}): ShippingWarning[] {
  const usable = input.typeForfait === null ? [] : input.forfaits.filter((f) => forfaitProblem(f) === null);
  const warnings: ShippingWarning[] = [];
  if (input.typeForfait === null) warnings.push({ message: SHIPPING_WARNINGS.noFeeType, ecran: 'forfaits' });
  else if (usable.length === 0)
    warnings.push({ message: SHIPPING_WARNINGS.emptySchedule, ecran: 'forfaits' });
  for (const carrier of input.carriers) {
    if (carrier.pickup) continue;
    if (carrier.forfaitId === null) {
      if (usable.length === 0)
        warnings.push({ message: SHIPPING_WARNINGS.carrierWithoutFee(carrier.nom), ecran: 'forfaits' });
    } else if (
      input.typeForfait !== null &&
      !input.forfaits.some((f) => f.id === carrier.forfaitId && f.tranche)
    ) {
      warnings.push({
        message: SHIPPING_WARNINGS.carrierLinkBroken(carrier.nom, carrier.forfaitId),
        ecran: 'transporteurs',
      });
    } else if (input.typeForfait === null) {
      warnings.push({ message: SHIPPING_WARNINGS.carrierWithoutFee(carrier.nom), ecran: 'forfaits' });
    }
  }
  return warnings;
}
