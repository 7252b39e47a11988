import { readTypedNumber, refusalMessage, typedNumberMessage, checkTypedNumber } from './typed-number';

const value = (text: string, rules = {}) => {
  const reading = readTypedNumber(text, rules);
  return reading.ok ? reading.value : reading.reason;
};

describe('readTypedNumber', () => {
  it('reads a decimal comma or a decimal point, spaces around ignored', () => {
    expect(value('12,5')).toBe(12.5);
    expect(value('12.5')).toBe(12.5);
    expect(value(' 12,50 ')).toBe(12.5);
    expect(value('\u00a012.5\t')).toBe(12.5);
    expect(value(',5')).toBe(0.5);
    expect(value('007')).toBe(7);
    expect(value('+3')).toBe(3);
  });

  it('reads thousands grouped by 3 with a space, a no-break space or a narrow no-break space', () => {
    expect(value('1 234,5')).toBe(1234.5);
    expect(value('1\u00a0234,5')).toBe(1234.5);
    expect(value('1\u202f234,5')).toBe(1234.5);
    expect(value('12 345 678.25')).toBe(12345678.25);
    expect(value('1234,5')).toBe(1234.5);
  });

  it('refuses rather than drops a separator or a character', () => {
    expect(value('12.5.3')).toBe('separators');
    expect(value('1,2,3')).toBe('separators');
    expect(value('1.234,5')).toBe('separators');
    expect(value('12a')).toBe('notANumber');
    expect(value('12 €')).toBe('notANumber');
    expect(value('1e5')).toBe('notANumber');
    expect(value('1 23,5')).toBe('grouping');
    expect(value('1234 567')).toBe('grouping');
    expect(value('12 5')).toBe('grouping');
    expect(value('1,234 5')).toBe('grouping');
    expect(value('')).toBe('empty');
    expect(value('   ')).toBe('empty');
    expect(value('12,')).toBe('incomplete');
    expect(value(',')).toBe('incomplete');
    expect(value('-')).toBe('incomplete');
    expect(value('--5')).toBe('notANumber');
    expect(value('5-')).toBe('notANumber');
  });

  it('refuses a sign unless negatives are allowed, and never reads -5 as 5', () => {
    expect(value('-5')).toBe('negative');
    expect(value('-5', { negative: true })).toBe(-5);
    expect(value('\u22122,5', { negative: true })).toBe(-2.5);
    expect(value('-0')).toBe(0);
  });

  it('refuses more decimals than the field allows, trailing zeros not counted, never rounding', () => {
    expect(readTypedNumber('12,555', { maxDecimals: 2 })).toEqual({
      ok: false,
      reason: 'decimals',
      maxDecimals: 2,
    });
    expect(value('12,50', { maxDecimals: 1 })).toBe(12.5);
    expect(value('1,5', { integer: true })).toBe('integer');
    expect(value('2,0', { integer: true })).toBe(2);
  });

  it('checks the bounds', () => {
    expect(readTypedNumber('0', { min: 0, minExclusive: true })).toEqual({
      ok: false,
      reason: 'min',
      min: 0,
      exclusive: true,
    });
    expect(value('0', { min: 0 })).toBe(0);
    expect(readTypedNumber('99999999999', { max: 1e8 })).toEqual({ ok: false, reason: 'max', max: 1e8 });
    expect(value('9'.repeat(400), { max: 10 })).toBe('max');
    expect(value('9'.repeat(400))).toBe('notANumber');
  });
});

describe('checkTypedNumber', () => {
  it('applies the same rules to a number already read', () => {
    expect(checkTypedNumber(12.5, { maxDecimals: 2 })).toEqual({ ok: true, value: 12.5 });
    expect(checkTypedNumber(12.555, { maxDecimals: 2 }).ok).toBe(false);
    expect(checkTypedNumber(-1).ok).toBe(false);
    expect(checkTypedNumber(Number.NaN).ok).toBe(false);
    expect(checkTypedNumber(1.5, { integer: true }).ok).toBe(false);
  });
});

describe('the messages', () => {
  it('say in French what is wrong', () => {
    expect(typedNumberMessage({ reason: 'max', max: 1e8 })).toBe(
      'La valeur doit être au plus 100\u202f000\u202f000',
    );
    expect(typedNumberMessage({ reason: 'min', min: 0, exclusive: true })).toBe(
      'La valeur doit être supérieure à 0',
    );
    expect(typedNumberMessage({ reason: 'decimals', maxDecimals: 1 })).toBe('Au plus 1 décimale');
    expect(typedNumberMessage({ reason: 'decimals', maxDecimals: 3 })).toBe('Au plus 3 décimales');
  });

  it("are the field's own where it has some", () => {
    const messages = { negative: 'Montant négatif', max: ({ max }: { max: number }) => `Au plus ${max} €` };
    expect(refusalMessage({ reason: 'negative' }, messages)).toBe('Montant négatif');
    expect(refusalMessage({ reason: 'max', max: 5 }, messages)).toBe('Au plus 5 €');
    expect(refusalMessage({ reason: 'empty' }, messages)).toBe('Valeur obligatoire');
  });
});
