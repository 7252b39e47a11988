// The connection settings' texts the storefront shows, apart from the schemas (connection-settings.ts) so
// that the storefront's first load does not need zod.

export const AGENCY_CHOICE_MESSAGES = {
  notAllowed: "Le choix de l'agence n'est pas proposé",
  unknownAgency: (code: string) => `Agence « ${code} » inconnue`,
  label: 'Votre agence',
  allAgencies: 'Toutes les agences',
} as const;

/** Shown where a price would be when prices are hidden from anonymous visitors. */
export const PRICES_HIDDEN_TEXT = 'Connectez-vous pour voir les prix';

/** Anonymous visitors on a shop closed to them, and a checkout without an account when it is refused. */
export const STOREFRONT_ACCESS_MESSAGES = {
  loginRequired: 'Veuillez vous connecter pour accéder au catalogue',
  orderLoginRequired: 'Veuillez vous connecter pour commander',
} as const;
