import { describe, expect, it } from 'vitest';
import { NO_STOCK, quantityAt, stockLevelsFromSums, type StockSumRow } from './stock-levels';

// The sums stockSumsOf gives for an article with two declinaisons in two agencies, and for one
// without declinaisons stocked at one agency only.
const SUMS: StockSumRow[] = [
  { articleCode: 'A', variantCode: null, agencyCode: 'GRE', quantity: 7 },
  { articleCode: 'A', variantCode: null, agencyCode: 'LYO', quantity: 0 },
  { articleCode: 'A', variantCode: null, agencyCode: null, quantity: 7 },
  { articleCode: 'A', variantCode: '01', agencyCode: 'GRE', quantity: 5 },
  { articleCode: 'A', variantCode: '01', agencyCode: 'LYO', quantity: 0 },
  { articleCode: 'A', variantCode: '01', agencyCode: null, quantity: 5 },
  { articleCode: 'A', variantCode: '02', agencyCode: 'GRE', quantity: 2 },
  { articleCode: 'A', variantCode: '02', agencyCode: null, quantity: 2 },
  { articleCode: 'B', variantCode: null, agencyCode: 'LYO', quantity: 12.5 },
  { articleCode: 'B', variantCode: null, agencyCode: null, quantity: 12.5 },
  { articleCode: 'B', variantCode: '', agencyCode: 'LYO', quantity: 12.5 },
  { articleCode: 'B', variantCode: '', agencyCode: null, quantity: 12.5 },
];

describe('stock levels', () => {
  const levels = stockLevelsFromSums(SUMS);
  const a = levels.get('A')!;
  const b = levels.get('B')!;

  it('gives the article’s stock at an agency, and everywhere when no agency is asked', () => {
    expect(quantityAt(a, 'GRE')).toBe(7);
    expect(quantityAt(a, null)).toBe(7);
    expect(quantityAt(b, 'LYO')).toBe(12.5);
  });

  it('tells a stock of 0 from no stock row at all', () => {
    expect(quantityAt(a, 'LYO')).toBe(0);
    expect(quantityAt(b, 'GRE')).toBeNull();
    expect(quantityAt(a, 'PAR')).toBeNull();
    // Codes are the ERP's: one that names an object's member is still an unknown code.
    expect(quantityAt(a, 'constructor')).toBeNull();
    expect(quantityAt(a, 'GRE', 'toString')).toBeNull();
  });

  it('gives each declinaison’s own stock', () => {
    expect(quantityAt(a, 'GRE', '01')).toBe(5);
    expect(quantityAt(a, 'GRE', '02')).toBe(2);
    expect(quantityAt(a, null, '02')).toBe(2);
    expect(quantityAt(a, 'LYO', '02')).toBeNull();
    expect(quantityAt(a, 'GRE', '03')).toBeNull();
  });

  it('leaves out the articles without stock, which read as no stock row', () => {
    expect(levels.has('C')).toBe(false);
    expect(quantityAt(NO_STOCK, 'GRE')).toBeNull();
    expect(quantityAt(NO_STOCK, null, '01')).toBeNull();
  });
});
