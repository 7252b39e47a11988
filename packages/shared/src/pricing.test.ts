import { resolvePrice, type PriceRule } from './pricing';

const customer = { customerCode: 'C1', customerTypeCode: 'PRO', agencyCode: 'A1' };
const item = { articleCode: 'ART1', familyPath: ['F1', 'F11', 'F111'], listPrice: 10 };
const rule = (overrides: Partial<PriceRule>): PriceRule => ({
  customerCode: null,
  customerTypeCode: null,
  articleCode: null,
  familyCode: null,
  agencyCode: null,
  netPrice: null,
  discount: null,
  ...overrides,
});

describe('resolvePrice', () => {
  it('gives the list price without a rule, and always to a visitor', () => {
    expect(resolvePrice(item, customer, [])).toEqual({ price: 10, source: 'tarif', rule: null });
    expect(
      resolvePrice(item, null, [rule({ customerCode: 'C1', articleCode: 'ART1', netPrice: 5 })]).price,
    ).toBe(10);
  });

  it("prefers the customer's own price to its type's, its type's to the list price", () => {
    const type = rule({ customerTypeCode: 'PRO', articleCode: 'ART1', netPrice: 8 });
    const own = rule({ customerCode: 'C1', articleCode: 'ART1', netPrice: 7 });
    expect(resolvePrice(item, customer, [type]).price).toBe(8);
    expect(resolvePrice(item, customer, [type, own])).toMatchObject({ price: 7, source: 'client' });
    expect(resolvePrice(item, customer, [type])).toMatchObject({ source: 'typeClient' });
  });

  it("puts the customer's family price before its type's article price", () => {
    const typeArticle = rule({ customerTypeCode: 'PRO', articleCode: 'ART1', netPrice: 8 });
    const ownFamily = rule({ customerCode: 'C1', familyCode: 'F1', discount: 50 });
    expect(resolvePrice(item, customer, [typeArticle, ownFamily]).price).toBe(5);
  });

  it('prefers the article to a family, and the nearer family to a farther one', () => {
    const root = rule({ customerCode: 'C1', familyCode: 'F1', discount: 10 });
    const leaf = rule({ customerCode: 'C1', familyCode: 'F111', discount: 20 });
    const article = rule({ customerCode: 'C1', articleCode: 'ART1', netPrice: 9.5 });
    expect(resolvePrice(item, customer, [root]).price).toBe(9);
    expect(resolvePrice(item, customer, [root, leaf]).price).toBe(8);
    expect(resolvePrice(item, customer, [root, leaf, article]).price).toBe(9.5);
  });

  it("prefers the tariff agency's rule, and ignores another agency's", () => {
    const all = rule({ customerCode: 'C1', articleCode: 'ART1', netPrice: 9 });
    const mine = rule({ customerCode: 'C1', articleCode: 'ART1', agencyCode: 'A1', netPrice: 8 });
    const other = rule({ customerCode: 'C1', articleCode: 'ART1', agencyCode: 'A2', netPrice: 1 });
    expect(resolvePrice(item, customer, [all, mine, other]).price).toBe(8);
    expect(resolvePrice(item, { ...customer, agencyCode: null }, [all, mine, other]).price).toBe(9);
  });

  it("ignores other customers' and types' rules and other articles and families", () => {
    const rules = [
      rule({ customerCode: 'C2', articleCode: 'ART1', netPrice: 1 }),
      rule({ customerTypeCode: 'PAR', articleCode: 'ART1', netPrice: 1 }),
      rule({ customerCode: 'C1', articleCode: 'ART2', netPrice: 1 }),
      rule({ customerCode: 'C1', familyCode: 'F2', netPrice: 1 }),
    ];
    expect(resolvePrice(item, customer, rules).price).toBe(10);
  });

  it('applies a discount to the list price, kept to 4 decimals and bounded', () => {
    expect(
      resolvePrice({ ...item, listPrice: 3.3333 }, customer, [
        rule({ customerCode: 'C1', articleCode: 'ART1', discount: 15 }),
      ]).price,
    ).toBe(2.8333);
    expect(
      resolvePrice(item, customer, [rule({ customerCode: 'C1', articleCode: 'ART1', discount: 150 })]).price,
    ).toBe(0);
  });
});
