import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CART_QUANTITY_MAX } from './cart-texts';
import { checkQuantity, nearestAllowed, type SaleRule } from './quantity-rules';

const rules: fc.Arbitrary<SaleRule> = fc.record({
  decimales: fc.integer({ min: 0, max: 3 }),
  minimum: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
  multiple: fc.option(fc.oneof(fc.integer({ min: 1, max: 50 }), fc.constantFrom(0.5, 2.5, 0.25)), {
    nil: null,
  }),
});
// Quantities as typed: whole, with 1 to 4 decimals, tiny and large.
const quantities = fc.oneof(
  fc.integer({ min: 1, max: 120_000 }),
  fc.integer({ min: 1, max: 1_200_000_000 }).map((n) => n / 10_000),
  fc.integer({ min: 1, max: 1_000 }).map((n) => n / 10),
);

const units = (value: number) => Math.round(value * 10_000);
const respects = (quantity: number, rule: SaleRule) =>
  units(quantity) % 10 ** (4 - rule.decimales) === 0 &&
  (rule.minimum === null || quantity >= rule.minimum) &&
  (rule.multiple === null || units(quantity) % units(rule.multiple) === 0);

describe('quantity rules (properties)', () => {
  it('never lowers a quantity and always lands on one the rule accepts', () => {
    fc.assert(
      fc.property(quantities, rules, (quantity, rule) => {
        const allowed = nearestAllowed(quantity, rule);
        expect(allowed).toBeGreaterThanOrEqual(quantity - 1e-9);
        expect(respects(allowed, rule)).toBe(true);
      }),
    );
  });

  it('raises only with a message, to an accepted quantity the server takes as it is', () => {
    fc.assert(
      fc.property(quantities, rules, (quantity, rule) => {
        const raised = checkQuantity(quantity, rule, 'Sac', true);
        const strict = checkQuantity(quantity, rule, 'Sac', false);
        if (!raised.ok) {
          expect(strict.ok).toBe(false);
          return;
        }
        expect(raised.quantity).toBeLessThanOrEqual(CART_QUANTITY_MAX);
        if (raised.message === null) {
          expect(raised.quantity).toBe(quantity);
          expect(strict).toEqual(raised);
        } else {
          expect(raised.quantity).toBeGreaterThan(quantity);
          expect(raised.message).toContain('quantité portée à');
          expect(strict.ok).toBe(false);
          expect(checkQuantity(raised.quantity, rule, 'Sac', false)).toEqual({
            ok: true,
            quantity: raised.quantity,
            message: null,
          });
        }
      }),
    );
  });

  it('is the least accepted quantity: nothing accepted lies between the typed and the raised', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), rules, (whole, rule) => {
        const allowed = nearestAllowed(whole, rule);
        // In ten-thousandths, every step of the unit below the raised one, 500 at most.
        const step = 10 ** (4 - rule.decimales);
        const lowest = Math.max(units(whole), units(allowed) - 500 * step);
        for (let candidate = units(allowed) - step; candidate >= lowest; candidate -= step)
          expect(respects(candidate / 10_000, rule)).toBe(false);
      }),
    );
  });
});
