// Who may try a password now: the login limits, as a rule of the counts. Failures from other addresses
// never refuse an address that has not failed on the account, nor a browser that logged in before;
// the addresses that fail are slowed (fewer tries while the account is under attack), then refused.

/** Failed attempts allowed per one-minute window (docs/contract/customer-account.md). */
export const LOGIN_LIMITS = {
  windowSeconds: 60,
  /** One address guessing one account's password. */
  perAddressAndLogin: 10,
  /** One address, whatever the logins (logins sprayed from one client). */
  perAddress: 20,
  /** Failures on one account, whatever the addresses, beyond which the account is under attack. */
  perLogin: 30,
  /** While the account is under attack, tries one address gets on it. */
  perAddressAndLoginUnderAttack: 3,
  /** A browser that logged in to the account before (its device cookie), whatever its address. */
  perDevice: 10,
} as const;

/** One count of the window, this attempt included, and the seconds left in its window. */
export interface WindowCount {
  count: number;
  secondsLeft: number;
}

export interface AttemptCounts {
  addressAndLogin: WindowCount;
  address: WindowCount;
  login: WindowCount;
  /** Set when the browser holds a valid device cookie of this account. */
  device?: WindowCount;
}

/** The seconds to wait before trying again (the Retry-After of a 429), or null: the attempt may go on. */
export function loginRetryAfter(counts: AttemptCounts, limits = LOGIN_LIMITS): number | null {
  if (counts.device) return counts.device.count > limits.perDevice ? counts.device.secondsLeft : null;
  const waits: number[] = [];
  if (counts.addressAndLogin.count > limits.perAddressAndLogin)
    waits.push(counts.addressAndLogin.secondsLeft);
  if (counts.address.count > limits.perAddress) waits.push(counts.address.secondsLeft);
  // Under attack: the refusal ends with whichever window ends first (the attack's or this address's).
  if (
    counts.login.count > limits.perLogin &&
    counts.addressAndLogin.count > limits.perAddressAndLoginUnderAttack
  )
    waits.push(Math.min(counts.login.secondsLeft, counts.addressAndLogin.secondsLeft));
  return waits.length ? Math.max(...waits) : null;
}
