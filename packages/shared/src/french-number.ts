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

/** `digits` (a decimal integer written out) plus one, as a string: '0999' → '1000'. */
function incremented(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] === '9') {
      out[i] = '0';
      continue;
    }
    out[i] = String(Number(out[i]) + 1);
    return out.join('');
  }
  return `1${out.join('')}`;
}

/** The integer part and the decimals of `abs` rounded half away from zero to `maxDecimals`. */
function rounded(abs: number, maxDecimals: number): { whole: string; fraction: string } {
  const { digits, point } = decimalDigits(abs);
  if (digits === '') return { whole: '0', fraction: '' };
  // Every digit as an integer count of 10^-maxDecimals units: whole digits, then the decimals.
  const kept = point + maxDecimals;
  if (kept < 0) return { whole: '0', fraction: '' };
  let units = digits.slice(0, kept).padEnd(kept, '0');
  if (kept < digits.length && digits[kept]! >= '5') units = incremented(units.padStart(1, '0'));
  units = units.padStart(maxDecimals + 1, '0');
  const whole = units.slice(0, units.length - maxDecimals).replace(/^0+(?=\d)/, '');
  return { whole, fraction: units.slice(units.length - maxDecimals) };
}

const grouped = (whole: string) => whole.replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR);

/** `value` (finite) in French: formatFrenchNumber(-1234.5, { 0, 2, 'auto' }) === '-1\u202f234,5'. */
export function formatFrenchNumber(value: number, options: FrenchNumberOptions): string {
  const { whole, fraction } = rounded(Math.abs(value), options.maxDecimals);
  let decimals = fraction.replace(/0+$/, '');
  if (decimals.length < options.minDecimals) decimals = decimals.padEnd(options.minDecimals, '0');
  const isZero = /^0*$/.test(whole + fraction);
  const negative = value < 0 || Object.is(value, -0);
  const minus = negative && (options.sign === 'auto' || !isZero) ? '-' : '';
  return `${minus}${grouped(whole)}${decimals ? `,${decimals}` : ''}`;
}
