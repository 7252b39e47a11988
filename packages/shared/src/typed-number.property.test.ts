import fc from 'fast-check';
import { formatFrenchNumber } from './french-number';
import { formatDecimal, formatEuros, formatInteger, formatQuantity, QUANTITY_DECIMALS } from './format';
import { readTypedNumber } from './typed-number';

const read = (text: string) => {
  const reading = readTypedNumber(text, { negative: true });
  return reading.ok ? reading.value : reading.reason;
};

// Numbers as the shop has them: counts, cents, four-decimal quantities, on both sides of 0.
const counts = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
const cents = fc.integer({ min: -10_000_000_000_00, max: 10_000_000_000_00 }).map((c) => c / 100);
const quantities = fc.integer({ min: -1_000_000_0000, max: 1_000_000_0000 }).map((q) => q / 10_000);

describe('readTypedNumber, property', () => {
  it("reads back what the shop's French formats write", () => {
    fc.assert(
      fc.property(fc.oneof(counts, cents, quantities), (number) => {
        expect(read(formatQuantity(number))).toBe(number === 0 ? 0 : number);
        expect(read(formatDecimal(number, QUANTITY_DECIMALS))).toBe(number === 0 ? 0 : number);
      }),
      { numRuns: 5_000 },
    );
    fc.assert(
      fc.property(cents, (number) => {
        expect(read(formatEuros(number).replace(/\u00a0€$/, ''))).toBe(number === 0 ? 0 : number);
        expect(read(formatFrenchNumber(number, { minDecimals: 2, maxDecimals: 2, sign: 'auto' }))).toBe(
          number === 0 ? 0 : number,
        );
      }),
      { numRuns: 5_000 },
    );
    fc.assert(
      fc.property(counts, (number) => {
        expect(read(formatInteger(number))).toBe(number === 0 ? 0 : number);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads the same number whatever the decimal separator, the grouping space and the spaces around', () => {
    const spaces = fc.constantFrom(' ', '\u00a0', '\u202f');
    const around = fc.stringMatching(/^[ \t\u00a0]{0,3}$/);
    fc.assert(
      fc.property(fc.oneof(cents, quantities), spaces, around, around, (number, space, before, after) => {
        const french = formatQuantity(number);
        const typed = `${before}${french.replace(/\u202f/g, space).replace(',', '.')}${after}`;
        expect(read(typed)).toBe(read(french));
      }),
      { numRuns: 5_000 },
    );
  });

  it('never drops a separator: an accepted text is its digits, nothing lost, one separator at most', () => {
    // Texts of digits, separators, spaces and signs, where dropping a character would be easy.
    const typed = fc
      .array(fc.constantFrom('0', '1', '2', '5', '9', '.', ',', ' ', '\u00a0', '\u202f', '-'), {
        minLength: 1,
        maxLength: 14,
      })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(typed, (text) => {
        const reading = readTypedNumber(text, { negative: true });
        if (!reading.ok) return;
        const trimmed = text.trim().replace(/^[\u00a0\u202f\s]+|[\u00a0\u202f\s]+$/g, '');
        expect((trimmed.match(/[.,]/g) ?? []).length).toBeLessThanOrEqual(1);
        const plain = trimmed.replace(/[ \u00a0\u202f]/g, '').replace(',', '.');
        expect(reading.value).toBe(Number(plain) === 0 ? 0 : Number(plain));
      }),
      { numRuns: 20_000 },
    );
  });

  it('refuses a second separator or a letter put anywhere in a number', () => {
    const inserted = fc.constantFrom('.', ',', 'a', 'x', '€');
    fc.assert(
      fc.property(cents, inserted, fc.nat(), (number, char, at) => {
        const french = formatFrenchNumber(number, { minDecimals: 2, maxDecimals: 2, sign: 'auto' });
        const position = at % (french.length + 1);
        const typed = `${french.slice(0, position)}${char}${french.slice(position)}`;
        expect(readTypedNumber(typed, { negative: true }).ok).toBe(false);
      }),
      { numRuns: 5_000 },
    );
  });
});
