// The domain's code lists, written once: the database, the demo data, the server and the screens all take
// their codes, labels and setting keys from here.
import { z } from 'zod';
import { SETTING_KEYS, type SettingKey } from './domain-texts';

export { SETTING_DEFAULTS, SETTING_KEYS, type SettingKey } from './domain-texts';

/** etat: the order status the ERP sends back; null while it has said nothing. */
export const ORDER_STATUSES = ['E_PRE', 'E_DIS', 'E_LIV', 'E_FAC', 'E_LIVPAR', 'E_CDEFOU'] as const;
export const orderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatus>;

/** Suffix of the order status label, after the movement type label. */
export const ORDER_STATUS_SUFFIXES: Record<OrderStatus, string> = {
  E_PRE: 'préparée',
  E_DIS: 'en cours de préparation',
  E_LIV: 'livrée',
  E_FAC: 'facturée',
  E_LIVPAR: 'partiellement livrée',
  E_CDEFOU: 'en cours de réapprovisionnement',
};

/** typePanier: how the order is paid and where its payment stands. */
export const CART_TYPES = ['TER', 'VAL', 'ATT', 'AT2'] as const;
export const cartType = z.enum(CART_TYPES);
export type CartType = z.infer<typeof cartType>;

/** Payment status label by typePanier. */
export const PAYMENT_STATUS_LABELS: Record<CartType, string> = {
  TER: 'Commande terminée',
  VAL: 'Paiement validé',
  ATT: 'Paiement non validé par la banque',
  AT2: 'En attente de validation du règlement',
};

/** Only these typePanier offer the payment validation. */
export const CART_TYPES_AWAITING_PAYMENT = ['ATT', 'AT2'] as const satisfies readonly CartType[];

/** typeWebMouvement: 'web' was placed on the shop, 'cde' came back from the ERP. */
export const MOVEMENT_TYPES = ['web', 'cde'] as const;
export const movementType = z.enum(MOVEMENT_TYPES);
export type MovementType = z.infer<typeof movementType>;

export const MOVEMENT_TYPE_LABELS: Record<MovementType, string> = {
  web: 'Commande validée web',
  cde: 'Commande',
};

/** typeForfait: shipping fees by total weight (kg) or by amount excluding tax (€). */
/** Kinds of order documents the ERP sends: an invoice (facture) or a delivery note (bon de livraison). */
export const DOCUMENT_KINDS = ['facture', 'bl'] as const;
export const documentKind = z.enum(DOCUMENT_KINDS);
export type DocumentKind = z.infer<typeof documentKind>;
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  facture: 'Facture',
  bl: 'Bon de livraison',
};

export const FEE_TYPES = ['poids', 'montant'] as const;
export const feeType = z.enum(FEE_TYPES);
export type FeeType = z.infer<typeof feeType>;

/** Storefront stock display modes and menu label case (docs/contract/settings.md). */
export const STOCK_DISPLAY_MODES = ['none', 'picto', 'value', 'all'] as const;
export const stockDisplayMode = z.enum(STOCK_DISPLAY_MODES);
export const MENU_LABEL_CASES = ['maj', 'min'] as const;
export const menuLabelCase = z.enum(MENU_LABEL_CASES);

/**
 * How the storefront's tariff agency is chosen: the customer's own agency, the visitor's choice
 * (remembered in the session), or always the default tariff agency.
 */
export const AGENCY_SELECTION_MODES = ['client', 'choix', 'defaut'] as const;
export const agencySelectionMode = z.enum(AGENCY_SELECTION_MODES);
export type AgencySelectionMode = z.infer<typeof agencySelectionMode>;

/** A '0'/'1' switch, as the settings screen sends it. */
const settingFlag = z.enum(['0', '1']);
const optionalCode = z.string().min(1).max(50).nullable();

/** The schema of each setting's value (the settings table stores it as JSON). */
export const settingValues = {
  [SETTING_KEYS.orderActions]: z.enum(['0', '1']),
  [SETTING_KEYS.shippingFeeType]: feeType.nullable(),
  [SETTING_KEYS.searchTriggerLength]: z.number().int().min(1).max(60),
  [SETTING_KEYS.stockDisplay]: stockDisplayMode,
  [SETTING_KEYS.menuLabelCase]: menuLabelCase,
  [SETTING_KEYS.allowAnonymousAccess]: settingFlag,
  [SETTING_KEYS.visiteurCodeClient]: optionalCode,
  [SETTING_KEYS.anonymousParametrages]: z.array(z.string().min(1).max(50)).max(50),
  [SETTING_KEYS.allowAnonymousCommande]: settingFlag,
  [SETTING_KEYS.showAnonymousPrices]: settingFlag,
  [SETTING_KEYS.allowParAccount]: settingFlag,
  [SETTING_KEYS.allowProAccount]: settingFlag,
  [SETTING_KEYS.anonymousAccount]: settingFlag,
  [SETTING_KEYS.typeClientTemporaire]: optionalCode,
  [SETTING_KEYS.activateEncoursChecking]: settingFlag,
  [SETTING_KEYS.blockOfflinePayment]: settingFlag,
  [SETTING_KEYS.blockOnEncoursError]: settingFlag,
  [SETTING_KEYS.modeSelectionAgence]: agencySelectionMode,
  [SETTING_KEYS.agenceDefautTarif]: optionalCode,
} satisfies Record<SettingKey, z.ZodType>;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingValues)[K]>;
