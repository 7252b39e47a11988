import fc from 'fast-check';
import {
  cartTotals,
  lineAmountHt,
  placeOrderBody,
  addCartLineBody,
  CART_MESSAGES,
  setSiteTagBody,
} from './cart';

describe('lineAmountHt', () => {
  it('rounds half up to the cent, without binary noise', () => {
    expect(lineAmountHt(3, 9.99)).toBe(29.97);
    expect(lineAmountHt(100, 0.125)).toBe(12.5);
    expect(lineAmountHt(1, 1.005)).toBe(1.01);
    expect(lineAmountHt(0.5, 0.01)).toBe(0.01);
    expect(lineAmountHt(2.5, 3.333)).toBe(8.33);
  });
});

describe('cartTotals', () => {
  it('is zero for no line', () => {
    expect(cartTotals([])).toEqual({ totalHT: 0, totalTVA: 0, totalTTC: 0 });
  });

  it('computes the VAT per rate on the sum of that rate’s lines, rounded to the cent', () => {
    // Per rate, not per line: three lines of 0.07 at 20 % give 0.042 → 0.04 (per line it would be 0.03).
    expect(
      cartTotals([
        { montantHT: 49.95, tauxTVA: 20 },
        { montantHT: 12.5, tauxTVA: 5.5 },
      ]),
    ).toEqual({ totalHT: 62.45, totalTVA: 10.68, totalTTC: 73.13 });
    expect(
      cartTotals([
        { montantHT: 0.07, tauxTVA: 20 },
        { montantHT: 0.07, tauxTVA: 20 },
        { montantHT: 0.07, tauxTVA: 20 },
      ]),
    ).toEqual({ totalHT: 0.21, totalTVA: 0.04, totalTTC: 0.25 });
  });

  it('always gives amounts in whole cents with TTC = HT + TVA', () => {
    const line = fc.record({
      montantHT: fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100),
      tauxTVA: fc.constantFrom(0, 2.1, 5.5, 10, 20),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const totals = cartTotals(lines);
        for (const value of Object.values(totals)) expect(Math.round(value * 100) / 100).toBe(value);
        expect(Math.round(totals.totalHT * 100) + Math.round(totals.totalTVA * 100)).toBe(
          Math.round(totals.totalTTC * 100),
        );
        expect(totals.totalTVA).toBeLessThanOrEqual(totals.totalHT * 0.2 + 0.005 * 5);
      }),
    );
  });
});

describe('request bodies', () => {
  it('requires a positive quantity', () => {
    expect(addCartLineBody.safeParse({ codeArticle: 'A', quantite: 2 }).success).toBe(true);
    const zero = addCartLineBody.safeParse({ codeArticle: 'A', quantite: 0 });
    expect(zero.error?.issues[0]?.message).toBe('La quantité doit être supérieure à 0');
  });

  it('never takes a card number: the card is paid on the provider’s page', () => {
    const base = { adresseId: 1, transporteurId: 2 };
    expect(placeOrderBody.safeParse({ ...base, modeReglement: 'cheque' }).success).toBe(true);
    expect(placeOrderBody.safeParse({ ...base, modeReglement: 'carte' }).success).toBe(true);
    const withCard = placeOrderBody.safeParse({
      ...base,
      modeReglement: 'carte',
      carte: { numero: '4970 1234' },
    });
    expect(withCard.error?.issues[0]?.message).toBe(CART_MESSAGES.cardNumberRefused);
  });
});

describe('texts that go to the ERP', () => {
  const order = { adresseId: 1, transporteurId: 1, modeReglement: 'compte' };

  it('refuses a customer reference spanning several lines, with a French message', () => {
    const parsed = placeOrderBody.safeParse({ ...order, refClient: 'CHANTIER\r\nDUPONT' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(CART_MESSAGES.referenceControlCharacters);
    expect(placeOrderBody.safeParse({ ...order, refClient: ' CHANTIER DUPONT \n' }).data?.refClient).toBe(
      'CHANTIER DUPONT',
    );
  });

  it('refuses a chantier name holding a control character', () => {
    const parsed = setSiteTagBody.safeParse({ id: 1, tagName: 'Villa\tMartin' });
    expect(parsed.error?.issues[0]?.message).toBe(CART_MESSAGES.tagControlCharacters);
    expect(setSiteTagBody.safeParse({ id: 1, tagName: 'Villa Martin' }).success).toBe(true);
  });
});
