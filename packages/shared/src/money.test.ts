import fc from 'fast-check';
import {
  discounted,
  fromCents,
  lineAmount,
  lineCents,
  roundUnitPrice,
  scaled,
  sumCents,
  toCents,
  totalsOf,
  unitPriceTtc,
  vatCents,
} from './money';

describe('toCents, scaled', () => {
  it('reads a decimal as written, half up, binary noise dropped', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(2.675)).toBe(268);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents(-0.004)).toBe(0);
    expect(scaled(9.2053, 4)).toBe(92053);
    expect(fromCents(101)).toBe(1.01);
  });

  it('refuses what is not a number', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
  });
});

describe('lineCents', () => {
  it('is unit × quantity rounded half up to the cent', () => {
    expect(lineCents(3, 9.99)).toBe(2997);
    expect(lineCents(100, 0.125)).toBe(1250);
    expect(lineCents(1, 1.005)).toBe(101);
    expect(lineCents(1, 0.125)).toBe(13);
    expect(lineCents(0.5, 0.01)).toBe(1);
    expect(lineCents(2.5, 3.333)).toBe(833);
    expect(lineCents(10, 9.2053)).toBe(9205);
    expect(lineCents(7, 12.5432)).toBe(8780); // 87.8024
    expect(lineAmount(3, 0.1)).toBe(0.3); // 0.1 × 3 is 0.30000000000000004 in floating point
  });

  it('stays exact at the largest quantity and prices', () => {
    expect(lineCents(99_999, 99_999.9999)).toBe(999_989_999_000); // 9 999 899 990,0001 €
    expect(lineCents(99_999.9999, 1234.5678)).toBe(12_345_677_988); // 123 456 779,876…
  });

  it('equals the exact decimal product rounded half up, for every price and quantity of 4 decimals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999_999 }),
        fc.integer({ min: 1, max: 999_999_999 }),
        (price, quantity) => {
          // Exact: price × quantity in 10^-8 €, half up to 10^-2.
          const exact = BigInt(price) * BigInt(quantity);
          const expected = Number((exact + 500_000n) / 1_000_000n);
          expect(lineCents(quantity / 10_000, price / 10_000)).toBe(expected);
        },
      ),
    );
  });
});

describe('vatCents', () => {
  it('is the base × rate rounded half up to the cent', () => {
    expect(vatCents(1000, 20)).toBe(200);
    expect(vatCents(1001, 5.5)).toBe(55); // 55.055
    expect(vatCents(1010, 5.5)).toBe(56); // 55.55
    expect(vatCents(250, 2.1)).toBe(5); // 5.25
    expect(vatCents(0, 20)).toBe(0);
  });
});

describe('totalsOf', () => {
  it('is nothing for no line', () => {
    expect(totalsOf([])).toEqual({ totalHt: 0, totalVat: 0, totalTtc: 0, vatByRate: [] });
  });

  it('takes the VAT per rate on the sum of the lines of that rate, not line by line', () => {
    // Three lines of 0,13 € at 20 %: 0,03 of VAT each line by line (0,09), 0,08 on their sum 0,39.
    const lines = [0.13, 0.13, 0.13].map((amountHt) => ({ amountHt, vatRate: 20 }));
    expect(totalsOf(lines)).toEqual({
      totalHt: 0.39,
      totalVat: 0.08,
      totalTtc: 0.47,
      vatByRate: [{ rate: 20, base: 0.39, vat: 0.08 }],
    });
    const mixed = totalsOf([
      { amountHt: 10.01, vatRate: 5.5 },
      { amountHt: 0.1, vatRate: 20 },
      { amountHt: 0.2, vatRate: 20 },
    ]);
    expect(mixed.vatByRate).toEqual([
      { rate: 5.5, base: 10.01, vat: 0.55 },
      { rate: 20, base: 0.3, vat: 0.06 },
    ]);
    expect(mixed).toMatchObject({ totalHt: 10.31, totalVat: 0.61, totalTtc: 10.92 });
  });

  it('always gives HT = sum of lines, VAT = sum of the rates, TTC = HT + VAT, to the cent', () => {
    const line = fc.record({
      amountHt: fc.integer({ min: 0, max: 10_000_000 }).map(fromCents),
      vatRate: fc.constantFrom(20, 10, 5.5, 2.1, 0),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), (lines) => {
        const totals = totalsOf(lines);
        expect(toCents(totals.totalHt)).toBe(sumCents(lines.map((l) => l.amountHt)));
        expect(toCents(totals.totalVat)).toBe(sumCents(totals.vatByRate.map((r) => r.vat)));
        expect(toCents(totals.totalTtc)).toBe(toCents(totals.totalHt) + toCents(totals.totalVat));
        for (const { rate, base, vat } of totals.vatByRate)
          expect(toCents(vat)).toBe(vatCents(toCents(base), rate));
        // Every figure is a whole number of cents, exactly as written.
        for (const amount of [totals.totalHt, totals.totalVat, totals.totalTtc])
          expect(Number(amount.toFixed(2))).toBe(amount);
      }),
    );
  });
});

describe('unitPriceTtc', () => {
  it('is what one unit costs incl. tax: its line to the cent plus that line’s VAT', () => {
    expect(unitPriceTtc(10, 20)).toBe(12);
    expect(unitPriceTtc(9.2053, 20)).toBe(11.05);
    expect(unitPriceTtc(0.125, 20)).toBe(0.16); // 0,13 + 0,03; not 0,15
    expect(unitPriceTtc(3.15, 5.5)).toBe(3.32);
  });

  it('equals the TTC total of a cart of one unit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.constantFrom(20, 10, 5.5, 2.1),
        (price, rate) => {
          const unit = price / 10_000;
          const totals = totalsOf([{ amountHt: lineAmount(1, unit), vatRate: rate }]);
          expect(unitPriceTtc(unit, rate)).toBe(totals.totalTtc);
        },
      ),
    );
  });
});

describe('discounted, roundUnitPrice', () => {
  it('takes the discount off the list price, kept to 4 decimals', () => {
    expect(discounted(100, 12.5)).toBe(87.5);
    expect(discounted(9.99, 15)).toBe(8.4915);
    expect(discounted(1.2345, 33.33)).toBe(0.823); // 0.82304…
    expect(discounted(10, 150)).toBe(0);
    expect(discounted(10, -5)).toBe(10);
    expect(roundUnitPrice(8.49150000001)).toBe(8.4915);
  });
});
