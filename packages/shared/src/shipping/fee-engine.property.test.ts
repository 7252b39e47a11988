import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FeeBand, FeeForfait, FeeLine, ShippingFeeInput, ShippingFeeResult } from './fee-contract';
import { shippingFeeResult } from './fee-contract';
import { computeShippingFee } from './fee-engine';

const PATHS: string[][] = [[], ['01'], ['01', '01.02'], ['01', '01.02', '01.02.03'], ['01', '01.04'], ['02']];
// Repeated values weigh the draws towards schedules that price most carts.
const FAMILIES = [null, null, null, '01', '01.02', '01.02.03', '01.04', '02'];
const FORFAIT_AGENCIES = [null, null, 'LYO', 'PAR'];
const CUSTOMER_AGENCIES = ['LYO', 'LYO', 'PAR', null];
const FORFAIT_ZONES = [1, 1, 1, null, 2];
const DELIVERY_ZONES = [1, 1, 1, 2, null];

// Amounts in cents and weights in 1/10 000 kg, as the data holds them.
const euros = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);
const kilos = (max: number) => fc.integer({ min: 0, max: max * 10_000 }).map((u) => u / 10_000);

const bandArb: fc.Arbitrary<FeeBand> = fc.record({
  id: fc.integer({ min: 1, max: 8 }),
  libelle: fc.constant('tranche'),
  debut: fc.oneof(fc.constant(0), kilos(300)),
  progressive: fc.boolean(),
  interval: fc.option(kilos(60), { nil: null }),
});

const forfaitsArb: fc.Arbitrary<FeeForfait[]> = fc
  .array(
    fc.record({
      montant: euros(200),
      franco: fc.oneof(fc.constant(0), euros(3000)),
      tranche: fc.option(bandArb, { nil: null, freq: 10 }),
      zoneId: fc.constantFrom(...FORFAIT_ZONES),
      familyCode: fc.constantFrom(...FAMILIES),
      agencyCode: fc.constantFrom(...FORFAIT_AGENCIES),
    }),
    { minLength: 1, maxLength: 16, size: 'medium' },
  )
  .map((list) => list.map((f, i) => ({ ...f, id: i + 1 })));

const linesArb: fc.Arbitrary<FeeLine[]> = fc.array(
  fc.record({ familyPath: fc.constantFrom(...PATHS), weightKg: kilos(200), amountHt: euros(2000) }),
  { maxLength: 8 },
);

const inputArb: fc.Arbitrary<ShippingFeeInput> = fc
  .record({
    typeForfait: fc.constantFrom('poids' as const, 'montant' as const),
    lines: linesArb,
    agencyCode: fc.constantFrom(...CUSTOMER_AGENCIES),
    zoneId: fc.constantFrom(...DELIVERY_ZONES),
    forfaits: forfaitsArb,
    // A carrier in one cart out of five; its forfait id may be missing (0 or beyond the list).
    carrierForfait: fc.oneof(
      { arbitrary: fc.constant(null), weight: 4 },
      { arbitrary: fc.integer({ min: 0, max: 17 }), weight: 1 },
    ),
  })
  .map(({ carrierForfait, ...input }) => ({
    ...input,
    carrier: carrierForfait === null ? null : { id: 1, nom: 'Geodis', forfaitId: carrierForfait || null },
  }));

const cents = (euros: number) => Math.round(euros * 100);

/** What must not depend on the order of the lines: everything but the lines' positions. */
function orderFree(result: ShippingFeeResult) {
  return {
    fee: result.fee,
    unpriced: result.unpriced,
    unpricedCount: result.unpricedLineIndexes.length,
    summary: result.summary,
    parts: result.parts.map(({ lineIndexes, ...part }) => ({ ...part, lineCount: lineIndexes.length })),
  };
}

describe('fee engine properties', () => {
  it('answers the result schema with a fee never negative, in whole cents', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = computeShippingFee(input);
        expect(shippingFeeResult.parse(result)).toEqual(result);
        expect(result.fee).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(cents(result.fee))).toBe(true);
        // A whole number of cents, to a few units in the last place of the double: a progressive band
        // of 0.2 g can price a fee of a hundred million euros, where fee × 100 itself is off by 2e-6.
        const ulps = 4 * Number.EPSILON * result.fee * 100;
        expect(Math.abs(cents(result.fee) - result.fee * 100)).toBeLessThan(Math.max(1e-6, ulps));
        for (const part of result.parts) {
          expect(part.fee).toBeGreaterThanOrEqual(0);
          expect(part.intervals).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('equals the sum of the parts its explanation lists', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = computeShippingFee(input);
        expect(cents(result.fee)).toBe(result.parts.reduce((sum, p) => sum + cents(p.fee), 0));
        for (const part of result.parts) {
          const charged = part.francoApplied ? 0 : part.intervals * cents(part.montant);
          expect(cents(part.fee)).toBe(charged);
          expect(part.sentence).toContain(`Forfait n°${part.forfaitId} (`);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('prices every line exactly once, or lists it as unpriced', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = computeShippingFee(input);
        const seen = [...result.parts.flatMap((p) => p.lineIndexes), ...result.unpricedLineIndexes].sort(
          (a, b) => a - b,
        );
        expect(seen).toEqual(input.lines.map((_, i) => i));
        expect(result.unpriced).toBe(result.unpricedLineIndexes.length > 0);
      }),
      { numRuns: 500 },
    );
  });

  it('does not depend on the order of the cart lines nor of the forfaits', () => {
    const shuffled = inputArb.chain((input) =>
      fc.record({
        input: fc.constant(input),
        lines: fc.shuffledSubarray([...input.lines], {
          minLength: input.lines.length,
          maxLength: input.lines.length,
        }),
        forfaits: fc.shuffledSubarray([...input.forfaits], {
          minLength: input.forfaits.length,
          maxLength: input.forfaits.length,
        }),
      }),
    );
    fc.assert(
      fc.property(shuffled, ({ input, lines, forfaits }) => {
        const original = computeShippingFee(input);
        expect(orderFree(computeShippingFee({ ...input, lines }))).toEqual(orderFree(original));
        expect(computeShippingFee({ ...input, forfaits })).toEqual(original);
      }),
      { numRuns: 500 },
    );
  });

  it('costs nothing when every forfait has a franco the cart reaches', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const forfaits = input.forfaits.map((f) => ({ ...f, franco: 0.01 }));
        const lines = input.lines.map((l) => ({ ...l, amountHt: Math.max(l.amountHt, 0.01) }));
        expect(computeShippingFee({ ...input, forfaits, lines }).fee).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
