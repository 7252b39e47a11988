// Numbers written the French way without Intl: building an Intl.NumberFormat costs milliseconds on a
// phone (its locale data), paid while a storefront page hydrates. The output is Intl's for 'fr-FR'
// (french-number.property.test.ts compares them): thousands grouped by a narrow no-break space
// (U+202F), a decimal comma, rounding half away from zero on the number's shortest decimal writing
// (what Intl reads a double as: 1.005 to 2 decimals is 1,01).

const GROUP_SEPARATOR = '\u202f';

export interface FrenchNumberOptions {
  minDecimals: number;
  maxDecimals: number;
  /**
   * 'auto': a minus for every negative number, -0 and what rounds to zero included (Intl's default);
   * 'negative': only when the written number is not zero (no '-0,00').
   */
  sign: 'auto' | 'negative';
}

/** The digits of `abs` (≥ 0, finite) and where its decimal point is: abs = 0.digits × 10^point. */
function decimalDigits(abs: number): { digits: string; point: number } {
  // String() gives the shortest writing that reads back as the same double, maybe with an exponent.
  const [mantissa = '0', exponent = '0'] = String(abs).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const digits = (whole + fraction).replace(/^0+/, '');
  const leadingZeros = (whole + fraction).length - digits.length;
  return { digits, point: whole.length + Number(exponent) - leadingZeros };
}

/**
 * `abs` rounded half away from zero to `maxDecimals`, as a count of 10^-maxDecimals units written with
 * at least `maxDecimals + 1` digits: rounded(1.005, 2) === '101'.
 */
function rounded(abs: number, maxDecimals: number): string {
  const { digits, point } = decimalDigits(abs);
  const kept = point + maxDecimals;
  let units = kept < 0 ? 0n : BigInt(digits.slice(0, kept).padEnd(kept, '0') || '0');
  if ((digits[kept] ?? '0') >= '5') units += 1n;
  return units.toString().padStart(maxDecimals + 1, '0');
}

const grouped = (whole: string) => whole.replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR);

/** `value` (finite) in French: formatFrenchNumber(-1234.5, { 0, 2, 'auto' }) === '-1\u202f234,5'. */
export function formatFrenchNumber(value: number, options: FrenchNumberOptions): string {
  const units = rounded(Math.abs(value), options.maxDecimals);
  const whole = units.slice(0, units.length - options.maxDecimals);
  let decimals = units.slice(whole.length).replace(/0+$/, '');
  if (decimals.length < options.minDecimals) decimals = decimals.padEnd(options.minDecimals, '0');
  const isZero = /^0+$/.test(units);
  const negative = value < 0 || Object.is(value, -0);
  const minus = negative && (options.sign === 'auto' || !isZero) ? '-' : '';
  return `${minus}${grouped(whole)}${decimals ? `,${decimals}` : ''}`;
}
