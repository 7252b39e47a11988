import {
  formatDate,
  formatDecimal,
  formatEuros,
  formatEurosOrDash,
  formatInteger,
  formatIsoDay,
  formatQuantity,
  formatShopPrice,
  formatUnitPrice,
  formatVatRate,
  MISSING_AMOUNT,
  QUANTITY_DECIMALS,
} from './format';

const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('formatDate', () => {
  it('shows the day only at Paris midnight', () => {
    // Winter: Paris is UTC+1, so 23:00 UTC is midnight the next day.
    expect(formatDate(seconds('2024-01-14T23:00:00Z'))).toBe('15/01/24');
    // Summer: Paris is UTC+2.
    expect(formatDate(seconds('2024-07-13T22:00:00Z'))).toBe('14/07/24');
  });

  it('adds hh:mm otherwise, in Paris time, 24-hour clock', () => {
    expect(formatDate(seconds('2024-01-15T08:05:00Z'))).toBe('15/01/24 09:05');
    expect(formatDate(seconds('2024-07-14T12:30:00Z'))).toBe('14/07/24 14:30');
    expect(formatDate(seconds('2024-12-31T22:59:00Z'))).toBe('31/12/24 23:59');
    // Midnight UTC is 01:00 or 02:00 in Paris, not midnight.
    expect(formatDate(seconds('2024-01-15T00:00:00Z'))).toBe('15/01/24 01:00');
  });

  it('follows the daylight-saving changes', () => {
    // 31 March 2024: 02:00 → 03:00 in Paris at 01:00 UTC.
    expect(formatDate(seconds('2024-03-31T00:59:00Z'))).toBe('31/03/24 01:59');
    expect(formatDate(seconds('2024-03-31T01:00:00Z'))).toBe('31/03/24 03:00');
    // 27 October 2024: 03:00 → 02:00 in Paris at 01:00 UTC; both 02:30 exist.
    expect(formatDate(seconds('2024-10-27T00:30:00Z'))).toBe('27/10/24 02:30');
    expect(formatDate(seconds('2024-10-27T01:30:00Z'))).toBe('27/10/24 02:30');
    // Midnight on the days around the changes.
    expect(formatDate(seconds('2024-03-30T23:00:00Z'))).toBe('31/03/24');
    expect(formatDate(seconds('2024-03-31T22:00:00Z'))).toBe('01/04/24');
    expect(formatDate(seconds('2024-10-26T22:00:00Z'))).toBe('27/10/24');
    expect(formatDate(seconds('2024-10-27T23:00:00Z'))).toBe('28/10/24');
  });

  it('ignores seconds when deciding midnight', () => {
    expect(formatDate(seconds('2024-01-14T23:00:59Z'))).toBe('15/01/24');
  });

  it('accepts a Date and formats absent or invalid values as empty', () => {
    expect(formatDate(new Date('2024-05-01T10:00:00Z'))).toBe('01/05/24 12:00');
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
    expect(formatDate(new Date('nope'))).toBe('');
  });
});

describe('formatIsoDay', () => {
  it('gives the Paris calendar day', () => {
    expect(formatIsoDay(new Date('2024-01-14T23:30:00Z'))).toBe('2024-01-15');
    expect(formatIsoDay(new Date('2024-07-14T21:59:00Z'))).toBe('2024-07-14');
    expect(formatIsoDay(seconds('2024-07-14T22:00:00Z'))).toBe('2024-07-15');
    expect(formatIsoDay(null)).toBe('');
  });
});

describe('formatEuros', () => {
  // Exactly what Intl fr-FR yields: U+202F (narrow no-break space) between thousands,
  // U+00A0 (no-break space) before the euro sign.
  const NNBSP = '\u202f';
  const NBSP = '\u00a0';

  it('uses the French format with two decimals', () => {
    expect(formatEuros(1234.5)).toBe(`1${NNBSP}234,50${NBSP}€`);
    expect(formatEuros(0)).toBe(`0,00${NBSP}€`);
    expect(formatEuros(12)).toBe(`12,00${NBSP}€`);
    expect(formatEuros(1_234_567.891)).toBe(`1${NNBSP}234${NNBSP}567,89${NBSP}€`);
    expect(formatEuros(-12.345)).toBe(`-12,35${NBSP}€`);
  });

  it('rounds half away from zero to the cent and never shows -0', () => {
    expect(formatEuros(0.005)).toBe(`0,01${NBSP}€`);
    expect(formatEuros(2.675)).toBe(`2,68${NBSP}€`);
    expect(formatEuros(-0)).toBe(`0,00${NBSP}€`);
    expect(formatEuros(-0.001)).toBe(`0,00${NBSP}€`);
  });

  it('formats absent values as empty, or as a dash with formatEurosOrDash', () => {
    expect(formatEuros(null)).toBe('');
    expect(formatEuros(undefined)).toBe('');
    expect(formatEuros(Number.NaN)).toBe('');
    expect(formatEurosOrDash(null)).toBe(MISSING_AMOUNT);
    expect(MISSING_AMOUNT).toBe('—');
    expect(formatEurosOrDash(3)).toBe(`3,00${NBSP}€`);
  });
});

describe('formatInteger', () => {
  it('groups digits the French way', () => {
    expect(formatInteger(12345)).toBe('12\u202f345');
    expect(formatInteger(999)).toBe('999');
    expect(formatInteger(null)).toBe('');
  });
});

describe('formatUnitPrice', () => {
  const NBSP = '\u00a0';

  it('keeps 2 to 4 decimals, in euros', () => {
    expect(formatUnitPrice(1.2345)).toBe(`1,2345${NBSP}€`);
    expect(formatUnitPrice(140)).toBe(`140,00${NBSP}€`);
    expect(formatUnitPrice(0.125)).toBe(`0,125${NBSP}€`);
    expect(formatUnitPrice(9.99999)).toBe(`10,00${NBSP}€`);
    expect(formatUnitPrice(1234.5)).toBe(`1\u202f234,50${NBSP}€`);
  });

  it('formats absent values as empty', () => {
    expect(formatUnitPrice(null)).toBe('');
    expect(formatUnitPrice(undefined)).toBe('');
    expect(formatUnitPrice(Number.NaN)).toBe('');
  });
});

describe('formatShopPrice', () => {
  const NBSP = '\u00a0';

  it('shows excl. tax first for a professional, incl. tax first for a private customer', () => {
    expect(formatShopPrice({ ht: 9.2053, ttc: 11.05 }, 'Sac', false)).toEqual({
      main: `9,2053${NBSP}€ HT / Sac`,
      other: `11,05${NBSP}€ TTC`,
    });
    expect(formatShopPrice({ ht: 9.2053, ttc: 11.05 }, 'Sac', true)).toEqual({
      main: `11,05${NBSP}€ TTC / Sac`,
      other: `9,2053${NBSP}€ HT`,
    });
    expect(formatShopPrice({ ht: 12.5, ttc: 15 }, null, false).main).toBe(`12,50${NBSP}€ HT`);
  });
});

describe('formatDecimal and formatQuantity', () => {
  it('keep the decimals asked for, without trailing zeros', () => {
    expect(formatDecimal(1234.5, 2)).toBe('1\u202f234,5');
    expect(formatDecimal(2.345, 2)).toBe('2,35');
    expect(formatDecimal(100, 2)).toBe('100');
    expect(formatDecimal(null, 2)).toBe('');
  });

  it('give a quantity up to 4 decimals', () => {
    expect(QUANTITY_DECIMALS).toBe(4);
    expect(formatQuantity(120)).toBe('120');
    expect(formatQuantity(2.5)).toBe('2,5');
    expect(formatQuantity(0.12345)).toBe('0,1235');
    expect(formatQuantity(12345.6789)).toBe('12\u202f345,6789');
    expect(formatQuantity(undefined)).toBe('');
    expect(formatQuantity(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formatVatRate', () => {
  it('shows a rate in percent, French decimals', () => {
    expect(formatVatRate(20)).toBe('20 %');
    expect(formatVatRate(5.5)).toBe('5,5 %');
    expect(formatVatRate(2.1)).toBe('2,1 %');
    expect(formatVatRate(0)).toBe('0 %');
    expect(formatVatRate(null)).toBe('');
  });
});
