import { LOGIN_LIMITS, loginRetryAfter, type AttemptCounts } from './login-limit';

const at = (count: number, secondsLeft = 40) => ({ count, secondsLeft });
const counts = (addressAndLogin: number, address: number, login: number): AttemptCounts => ({
  addressAndLogin: at(addressAndLogin, 50),
  address: at(address, 45),
  login: at(login, 30),
});

describe('loginRetryAfter', () => {
  it('lets a first attempt through', () => {
    expect(loginRetryAfter(counts(1, 1, 1))).toBeNull();
  });

  it('refuses an address after 10 tries on one account, with the wait of its window', () => {
    expect(loginRetryAfter(counts(10, 10, 10))).toBeNull();
    expect(loginRetryAfter(counts(11, 11, 11))).toBe(50);
  });

  it('refuses an address after 20 tries whatever the logins', () => {
    expect(loginRetryAfter(counts(1, 20, 1))).toBeNull();
    expect(loginRetryAfter(counts(1, 21, 1))).toBe(45);
  });

  it('never refuses an address that has not failed on the account, however many failed elsewhere', () => {
    for (const login of [30, 31, 100, 10_000]) expect(loginRetryAfter(counts(1, 1, login))).toBeNull();
    // Nor one that failed less than the attack's allowance.
    expect(loginRetryAfter(counts(3, 3, 10_000))).toBeNull();
  });

  it('slows the addresses that fail while the account is under attack: 3 tries instead of 10', () => {
    expect(loginRetryAfter(counts(4, 4, 30))).toBeNull();
    expect(loginRetryAfter(counts(4, 4, 31))).toBe(30);
    expect(loginRetryAfter({ ...counts(4, 4, 31), addressAndLogin: at(4, 12) })).toBe(12);
  });

  it('lets a browser that logged in before through whatever its address and the account went through', () => {
    const attacked = counts(500, 500, 10_000);
    expect(loginRetryAfter({ ...attacked, device: at(1) })).toBeNull();
    expect(loginRetryAfter({ ...attacked, device: at(LOGIN_LIMITS.perDevice) })).toBeNull();
    expect(loginRetryAfter({ ...counts(1, 1, 1), device: at(LOGIN_LIMITS.perDevice + 1, 20) })).toBe(20);
  });
});
