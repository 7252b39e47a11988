// The domain's code lists, written once: the database, the demo data, the server and the screens all take
// their codes, labels and setting keys from here.
import { z } from 'zod';

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
export const FEE_TYPES = ['poids', 'montant'] as const;
export const feeType = z.enum(FEE_TYPES);
export type FeeType = z.infer<typeof feeType>;

/** Storefront stock display modes and menu label case (docs/contract.md, Settings). */
export const STOCK_DISPLAY_MODES = ['none', 'picto', 'value', 'all'] as const;
export const stockDisplayMode = z.enum(STOCK_DISPLAY_MODES);
export const MENU_LABEL_CASES = ['maj', 'min'] as const;
export const menuLabelCase = z.enum(MENU_LABEL_CASES);

/** Keys of the settings table. */
export const SETTING_KEYS = {
  /** '1' shows the Actions column of the orders list. */
  orderActions: 'commandes.actions',
  /** The fee type the shipping fee schedule uses; none until an administrator chooses one. */
  shippingFeeType: 'transport.typeForfait',
  /** Characters typed before the storefront search modal opens. */
  searchTriggerLength: 'recherche.longueurDeclenchement',
  stockDisplay: 'catalogue.affichageStock',
  menuLabelCase: 'menu.casse',
} as const;
export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS];

/** The schema of each setting's value (the settings table stores it as JSON). */
export const settingValues = {
  [SETTING_KEYS.orderActions]: z.enum(['0', '1']),
  [SETTING_KEYS.shippingFeeType]: feeType.nullable(),
  [SETTING_KEYS.searchTriggerLength]: z.number().int().min(1).max(60),
  [SETTING_KEYS.stockDisplay]: stockDisplayMode,
  [SETTING_KEYS.menuLabelCase]: menuLabelCase,
} satisfies Record<SettingKey, z.ZodType>;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingValues)[K]>;

/** The value of a setting that has no row yet. */
export const SETTING_DEFAULTS: { [K in SettingKey]: SettingValue<K> } = {
  [SETTING_KEYS.orderActions]: '1',
  [SETTING_KEYS.shippingFeeType]: null,
  [SETTING_KEYS.searchTriggerLength]: 3,
  [SETTING_KEYS.stockDisplay]: 'all',
  [SETTING_KEYS.menuLabelCase]: 'min',
};
