// From domain.ts, what the storefront's first load needs (the settings' keys and defaults): kept apart from
// the schemas so that the first load does not need zod. domain.ts re-exports it.
import type { SettingValue } from './domain';

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
  // Connection settings (docs/contract/settings.md): flags are '1' on, '0' off, like orderActions.
  /** '1': visitors without an account may browse the storefront. */
  allowAnonymousAccess: 'connexion.allowAnonymousAccess',
  /** The customer whose prices and rights an anonymous visitor browses with; none by default. */
  visiteurCodeClient: 'connexion.visiteurCodeClient',
  /** Profiles (admin_liste table=parametrage values) applied to anonymous visitors. */
  anonymousParametrages: 'connexion.anonymousParametrages',
  /** '1': an anonymous visitor may order without logging in. */
  allowAnonymousCommande: 'connexion.allowAnonymousCommande',
  /** '1': anonymous visitors see prices; '0': no price field in any answer they get. */
  showAnonymousPrices: 'connexion.showAnonymousPrices',
  /** '1': private individuals may create an account. */
  allowParAccount: 'connexion.allowParAccount',
  /** '1': professionals may create an account. */
  allowProAccount: 'connexion.allowProAccount',
  /** '1': checkout without an account creates a temporary customer of typeClientTemporaire. */
  anonymousAccount: 'connexion.anonymousAccount',
  typeClientTemporaire: 'connexion.typeClientTemporaire',
  /** Credit limit (encours) checks on orders on account. */
  activateEncoursChecking: 'encours.activateEncoursChecking',
  blockOfflinePayment: 'encours.blockOfflinePayment',
  blockOnEncoursError: 'encours.blockOnEncoursError',
  /** Which agency's prices and stock the storefront shows. */
  modeSelectionAgence: 'agence.modeSelectionAgence',
  /** The agency used when the mode (or the customer) gives none; null is 'Aucune agence'. */
  agenceDefautTarif: 'agence.agenceDefautTarif',
} as const;
export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS];

/** The value of a setting that has no row yet. */
export const SETTING_DEFAULTS: { [K in SettingKey]: SettingValue<K> } = {
  [SETTING_KEYS.orderActions]: '1',
  [SETTING_KEYS.shippingFeeType]: null,
  [SETTING_KEYS.searchTriggerLength]: 3,
  [SETTING_KEYS.stockDisplay]: 'all',
  [SETTING_KEYS.menuLabelCase]: 'min',
  // The defaults keep the shop as it was before these settings existed: visitors browse and see
  // prices but log in to order, nobody signs up, no credit limit, each customer's own agency.
  [SETTING_KEYS.allowAnonymousAccess]: '1',
  [SETTING_KEYS.visiteurCodeClient]: null,
  [SETTING_KEYS.anonymousParametrages]: [],
  [SETTING_KEYS.allowAnonymousCommande]: '0',
  [SETTING_KEYS.showAnonymousPrices]: '1',
  [SETTING_KEYS.allowParAccount]: '0',
  [SETTING_KEYS.allowProAccount]: '0',
  [SETTING_KEYS.anonymousAccount]: '0',
  [SETTING_KEYS.typeClientTemporaire]: null,
  [SETTING_KEYS.activateEncoursChecking]: '0',
  [SETTING_KEYS.blockOfflinePayment]: '0',
  [SETTING_KEYS.blockOnEncoursError]: '0',
  [SETTING_KEYS.modeSelectionAgence]: 'client',
  [SETTING_KEYS.agenceDefautTarif]: null,
};
