// The French texts and pure rules of the orders back office (docs/contract/orders.md), spelled exactly as
// the contract. Texts the original contract does not give (some column titles, the payment validation page)
// are ours and marked so. Toasts live in ../messages (ERROR_TOASTS.commandes, ERROR_TOASTS.renvoiCommande),
// empty and loading texts too (EMPTY_TEXTS, LOADING_TEXT).
import {
  CART_TYPES_AWAITING_PAYMENT,
  MOVEMENT_TYPE_LABELS,
  ORDER_STATUS_SUFFIXES,
  PAYMENT_STATUS_LABELS,
  SETTING_DEFAULTS,
  SETTING_KEYS,
} from '../domain';
import type { CartType, MovementType, OrderStatus } from '../domain';
import { pageCount } from '../pagination';
import { ORDERS_PAGE_SIZE } from './contract';

// ---------------------------------------------------------------- statuses
// The code lists and their labels live in ../domain (MOVEMENT_TYPE_LABELS, ORDER_STATUS_SUFFIXES,
// PAYMENT_STATUS_LABELS); these are the rules built on them.

/** 'Commande validée web' for web, 'Commande' for cde. */
export function movementTypeLabel(typeWebMouvement: MovementType): string {
  return MOVEMENT_TYPE_LABELS[typeWebMouvement];
}

/** Ours: a web order that is not validated yet, its payment awaited (see orderStatusLabel). */
export const WEB_ORDER_AWAITING_LABEL = 'Commande web';

/**
 * The order status column: the movement type label followed by the etat suffix, e.g.
 * orderStatusLabel('web', 'E_PRE') → 'Commande validée web préparée'. Without an etat (the ERP has
 * not reported one yet) it is the movement type label alone: orderStatusLabel('web', null, 'TER') →
 * 'Commande validée web' — unless its payment is awaited (ATT: a card refused or unanswered; AT2: a
 * cheque or transfer), when it says so, never 'validée': orderStatusLabel('web', null, 'ATT') →
 * 'Commande web : paiement non validé par la banque'.
 */
export function orderStatusLabel(
  typeWebMouvement: MovementType,
  etat: OrderStatus | null | undefined,
  typePanier?: CartType,
): string {
  if (typeWebMouvement === 'web' && !etat && typePanier && canValidatePayment(typePanier)) {
    const payment = PAYMENT_STATUS_LABELS[typePanier];
    return `${WEB_ORDER_AWAITING_LABEL} : ${payment.charAt(0).toLowerCase()}${payment.slice(1)}`;
  }
  const movement = movementTypeLabel(typeWebMouvement);
  return etat ? `${movement} ${ORDER_STATUS_SUFFIXES[etat]}` : movement;
}

/** The payment status shown beside the payment type, by typePanier. */
export function paymentStatusLabel(typePanier: CartType): string {
  return PAYMENT_STATUS_LABELS[typePanier];
}

/** Only ATT and AT2 offer payment validation (the row action and the validation page's button). */
export function canValidatePayment(typePanier: CartType): boolean {
  return (CART_TYPES_AWAITING_PAYMENT as readonly CartType[]).includes(typePanier);
}

/**
 * TER and VAL orders are validated: exported to the ERP as soon as they are placed, they have an export
 * file, which can be re-exported and downloaded.
 */
export function isValidated(typePanier: CartType): boolean {
  return typePanier === 'TER' || typePanier === 'VAL';
}

/** Pages of the orders list: ceil(total / size), 0 when there is nothing. */
export function orderPageCount(total: number, size: number = ORDERS_PAGE_SIZE): number {
  return pageCount(total, size);
}

// ---------------------------------------------------------------- the 'Liste des commandes' screen

export const ORDER_LIST_TITLE = 'Liste des commandes';

/** Filter labels. 'Entre le', 'Et le' and 'Rechercher' are the contract's; the others are ours. */
export const ORDER_FILTER_LABELS = {
  reference: 'Référence',
  clearReference: 'Effacer la référence',
  client: 'Client',
  dateDebut: 'Entre le',
  dateFin: 'Et le',
  agence: 'Agence',
  search: 'Rechercher',
} as const;

/**
 * Column titles, in display order. 'Date', 'Id OEC', 'Agence', 'Montants' and 'Actions' are the contract's;
 * the other four name the contract's descriptions (order reference with voucher number, customer with its
 * type, payment type with payment status, order status). `agence` shows only with more than one agency,
 * `actions` only when showOrderActions().
 */
export const ORDER_COLUMN_TITLES = {
  date: 'Date',
  webCdeId: 'Id OEC',
  reference: 'Référence / N° de bon',
  agence: 'Agence',
  client: 'Client',
  montants: 'Montants',
  paiement: 'Règlement',
  statut: 'Statut',
  actions: 'Actions',
} as const;

/** The two amounts of the 'Montants' column. */
export const AMOUNT_LABELS = { ht: 'HT', ttc: 'TTC' } as const;

/** Row action labels (button texts and accessible names); ours. */
export const ORDER_ACTION_LABELS = {
  view: 'Voir la commande',
  reexport: 'Renvoyer la commande',
  download: 'Télécharger le fichier de la commande',
  validatePayment: 'Valider le paiement',
} as const;

/** Asked before a re-export. */
export const REEXPORT_CONFIRM = 'Etes-vous sûr(e) de vouloir renvoyer cette commande ?';

/** Shown after a re-export, id being the order's id: 'La commande 42 a été ré-expedié'. */
export function reexportDoneMessage(id: number | string): string {
  return `La commande ${id} a été ré-expedié`;
}

/** Answer to a re-export or download of an order that is not validated (409); ours. */
export function notExportableMessage(id: number | string): string {
  return `La commande ${id} n'est pas validée : elle n'a pas de fichier d'export`;
}

/**
 * Whether the Actions column shows (only when the setting equals '1'), given the stored value of
 * SETTING_KEYS.orderActions; undefined or null (never stored) takes its default, '1'.
 */
export function showOrderActions(setting: string | null | undefined): boolean {
  return (setting ?? SETTING_DEFAULTS[SETTING_KEYS.orderActions]) === '1';
}

/** The agency filter and column show only with more than one agency. */
export function showAgencies(agencyCount: number): boolean {
  return agencyCount > 1;
}

// ---------------------------------------------------------------- order lookups

/** 404 of an order that does not exist or that the caller may not see; ours. */
export const ORDER_NOT_FOUND = 'Commande introuvable';

/** 404 of the payment validation page for an unknown numero; ours. */
export function unknownOrderMessage(numero: string): string {
  return `Aucune commande ne porte le numéro ${numero}`;
}

// ---------------------------------------------------------------- payment validation page (ours)

export const PAYMENT_VALIDATION_TEXTS = {
  title: 'Validation du règlement',
  confirm: 'Confirmer la réception du paiement',
  alreadyValidated: 'Le paiement de cette commande a déjà été validé',
  validatedBy: 'Validé par',
  validatedAt: 'le',
} as const;

/** After a successful confirmation. */
export function paymentValidatedMessage(numero: string): string {
  return `Le paiement de la commande ${numero} a été validé`;
}

/** 409 when typePanier is not ATT/AT2: 'Le paiement de la commande X ne peut pas être validé : Commande terminée'. */
export function paymentNotValidatableMessage(numero: string, typePanier: CartType): string {
  return `Le paiement de la commande ${numero} ne peut pas être validé : ${paymentStatusLabel(typePanier)}`;
}
