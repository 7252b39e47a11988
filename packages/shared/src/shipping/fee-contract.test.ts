import { describe, expect, it } from 'vitest';
import { feeSimulationBody } from './fee-contract';

describe('feeSimulationBody', () => {
  const line = { familyCode: ' 01.02 ', weightKg: 35, amountHt: 120 };

  it('accepts a simulated cart and trims the codes', () => {
    expect(feeSimulationBody.parse({ agencyCode: ' LYO ', zoneId: 3, lines: [line] })).toEqual({
      agencyCode: 'LYO',
      zoneId: 3,
      lines: [{ familyCode: '01.02', weightKg: 35, amountHt: 120 }],
    });
  });

  it('accepts no agency, no zone, no carrier and lines without family', () => {
    expect(
      feeSimulationBody.safeParse({
        agencyCode: null,
        zoneId: null,
        carrierId: null,
        lines: [{ ...line, familyCode: null }],
      }).success,
    ).toBe(true);
  });

  it.each([
    ['an empty agency code', { agencyCode: '  ', zoneId: 3, lines: [line] }],
    ['a zone id of 0', { agencyCode: 'LYO', zoneId: 0, lines: [line] }],
    ['a negative weight', { agencyCode: 'LYO', zoneId: 3, lines: [{ ...line, weightKg: -1 }] }],
    ['a negative amount', { agencyCode: 'LYO', zoneId: 3, lines: [{ ...line, amountHt: -0.01 }] }],
    ['more than 100 lines', { agencyCode: 'LYO', zoneId: 3, lines: Array(101).fill(line) }],
  ])('refuses %s', (_, body) => {
    expect(feeSimulationBody.safeParse(body).success).toBe(false);
  });
});
