import fc from 'fast-check';
import { formatFrenchNumber, type FrenchNumberOptions } from './french-number';
import { formatEuros, formatInteger, formatQuantity, formatUnitPrice, QUANTITY_DECIMALS } from './format';

/** What the storefront used before: Intl, the reference the hand-written format must match. */
function intl(value: number, options: FrenchNumberOptions): string {
  return new Intl.NumberFormat('fr-FR', {
    minimumFractionDigits: options.minDecimals,
    maximumFractionDigits: options.maxDecimals,
    signDisplay: options.sign,
  }).format(value);
}

const options = fc
  .tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }), fc.constantFrom('auto', 'negative'))
  .map(([a, b, sign]) => ({
    minDecimals: Math.min(a, b),
    maxDecimals: Math.max(a, b),
    sign: sign as FrenchNumberOptions['sign'],
  }));

// Amounts and quantities as the shop has them (cents, tenths, four decimals), halves that a double
// cannot hold exactly (1.005), and any double from tiny to huge.
const values = fc.oneof(
  fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }).map((cents) => cents / 100),
  fc.integer({ min: -1_000_000_0000, max: 1_000_000_0000 }).map((units) => units / 10_000),
  fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 1000 + 0.0005),
  fc.integer({ min: -100_000, max: 100_000 }).map((n) => n + 0.5),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e25, max: 1e25 }),
  fc.constantFrom(0, -0, 1.005, 2.675, 0.125, -0.004, 999.9999, 999_999.995, 1e21, 5e-7, -1e-10),
);

describe('formatFrenchNumber', () => {
  it('writes every number as Intl does for fr-FR', () => {
    fc.assert(
      fc.property(values, options, (value, opts) => {
        expect(formatFrenchNumber(value, opts)).toBe(intl(value, opts));
      }),
      { numRuns: 20_000 },
    );
  });

  it('groups thousands with a narrow no-break space and writes a decimal comma', () => {
    const opts = { minDecimals: 0, maxDecimals: 2, sign: 'auto' } as const;
    expect(formatFrenchNumber(1234567.891, opts)).toBe('1\u202f234\u202f567,89');
    expect(formatFrenchNumber(1.005, opts)).toBe('1,01');
    expect(formatFrenchNumber(-0.001, opts)).toBe('-0');
    expect(formatFrenchNumber(-0.001, { ...opts, minDecimals: 2, sign: 'negative' })).toBe('0,00');
  });
});

describe('the French formats written without Intl', () => {
  const euro = new Intl.NumberFormat('fr-FR', {
    style: 'currency',
    currency: 'EUR',
    signDisplay: 'negative',
  });
  const unitPrice = new Intl.NumberFormat('fr-FR', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });
  const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
  const quantity = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: QUANTITY_DECIMALS });

  it('are what Intl gave for amounts, unit prices, counts and quantities', () => {
    fc.assert(
      fc.property(values, (value) => {
        expect(formatEuros(value)).toBe(euro.format(value));
        expect(formatUnitPrice(value)).toBe(unitPrice.format(value));
        expect(formatInteger(value)).toBe(integer.format(value));
        expect(formatQuantity(value)).toBe(quantity.format(value));
      }),
      { numRuns: 20_000 },
    );
  });
});
