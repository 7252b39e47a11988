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

// Which price a shopper sees first (docs/contract/customer-prices.md, How prices are shown): private
// customers incl. tax, professionals excl. tax, the other below.

/**
 * Whether visitors see prices incl. tax first: when the shop sells to private customers, that is when
 * the anonymous customer they are priced as is a private customer, or when private accounts may be
 * created (allowParAccount '1').
 */
export function visitorsSeeTtcFirst(
  allowParAccount: '0' | '1',
  anonymousCustomer: { isProfessional: boolean } | null,
): boolean {
  if (anonymousCustomer && !anonymousCustomer.isProfessional) return true;
  return allowParAccount === '1';
}

/**
 * Whether this shopper sees prices incl. tax first: an account when it is a private customer's
 * (`particulier` of GET /auth/me); a visitor as GET /catalogue/acces says (`affichageTTC`).
 */
export function seesTtcFirst(
  account: { particulier?: boolean } | null | undefined,
  access: { affichageTTC?: '0' | '1' } | null | undefined,
): boolean {
  if (account) return account.particulier === true;
  return access?.affichageTTC === '1';
}
