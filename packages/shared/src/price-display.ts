// Which price a shopper sees first (docs/contract.md, Customer prices, How prices are shown): private
// customers incl. tax, professionals excl. tax, the other below. No schema here: the first-load pages
// import it.

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
