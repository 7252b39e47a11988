import { buildCustomerPrices } from './prices';

const now = new Date('2026-06-01T10:00:00Z');
const exactlyOne = (...values: unknown[]) =>
  values.filter((value) => value !== null && value !== undefined).length === 1;

describe('demo customer prices', () => {
  const rows = buildCustomerPrices(320, 2100, now);

  it('gives prices to every professional type and to one customer in ten, the first included', () => {
    expect(new Set(rows.flatMap((row) => (row.customerTypeCode ? [row.customerTypeCode] : [])))).toEqual(
      new Set(['ART', 'ENT', 'PAY', 'COL', 'SYN']),
    );
    const customers = new Set(rows.flatMap((row) => (row.customerCode ? [row.customerCode] : [])));
    expect(customers.size).toBe(32);
    expect(customers.has('C000001')).toBe(true);
  });

  it('writes rows the table accepts, the same each time', () => {
    for (const row of rows) {
      expect(exactlyOne(row.customerCode, row.customerTypeCode)).toBe(true);
      expect(exactlyOne(row.articleCode, row.familyCode)).toBe(true);
      expect(exactlyOne(row.netPrice, row.discount)).toBe(true);
    }
    const keys = rows.map((row) =>
      [row.customerCode, row.customerTypeCode, row.articleCode, row.familyCode].join('|'),
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(buildCustomerPrices(320, 2100, now)).toEqual(rows);
  });
});
