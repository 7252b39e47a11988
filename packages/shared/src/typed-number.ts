// A number typed in a field, read one way in both apps (docs/contract/constants-and-formats.md): a
// decimal comma or a decimal point ('12,5', '12.5', ' 12,50 '), thousands grouped by 3 with a space, a
// no-break space (U+00A0) or a narrow no-break space (U+202F, what formatFrenchNumber writes), an
// optional sign. Anything else is refused with its reason, never read by dropping a character: '12.5.3',
// '1,2,3', '1.234,5', '12a', '1 23,5' are refusals, not 1253, 123, 12 or 123,5. Pure and without zod, so
// that the storefront's fields load it alone (typed-number-schema.ts is its zod schema).
import { formatFrenchNumber } from './french-number';

export interface TypedNumberRules {
  /** The decimals allowed (trailing zeros not counted: '2,50' has 1); more are refused, never rounded. */
  maxDecimals?: number;
  /** Whole numbers only (a count of pieces): '1,5' is refused ('2,0' reads as 2). */
  integer?: boolean;
  /** Whether a number below 0 is accepted (false by default: '-5' is refused, never read as 5). */
  negative?: boolean;
  /** The smallest value accepted (excluded when `minExclusive`: a quantity above 0). */
  min?: number;
  minExclusive?: boolean;
  /** The largest value accepted. */
  max?: number;
}

/** Why a text is not a number the field accepts. */
export type TypedNumberRefusal =
  | { reason: 'empty' }
  /** A character that has nothing to do in a number ('12a', '12 €', '1e5'). */
  | { reason: 'notANumber' }
  /** More than one decimal separator ('12.5.3', '1,2,3', '1.234,5'). */
  | { reason: 'separators' }
  /** Digits grouped otherwise than by 3 ('1 23,5', '12 5'). */
  | { reason: 'grouping' }
  /** A sign or a separator without the digits around it ('-', '12,', ','). */
  | { reason: 'incomplete' }
  | { reason: 'decimals'; maxDecimals: number }
  | { reason: 'integer' }
  | { reason: 'negative' }
  | { reason: 'min'; min: number; exclusive: boolean }
  | { reason: 'max'; max: number };

export type TypedNumberReason = TypedNumberRefusal['reason'];

export type TypedNumber = { ok: true; value: number } | ({ ok: false } & TypedNumberRefusal);

/** The spaces that may group thousands: a space, a no-break space, a narrow no-break space. */
const GROUP = '[ \\u00a0\\u202f]';
const SPACES = /^[\s\u00a0\u202f]+|[\s\u00a0\u202f]+$/g;
const MINUS = /^[-\u2212]/;
/** Only digits, separators, grouping spaces and a leading sign can make a number. */
const NUMBER_CHARACTERS = /^[-\u2212+]?[\d., \u00a0\u202f]*$/;
const WHOLE = new RegExp(`^(?:\\d+|\\d{1,3}(?:${GROUP}\\d{3})+)$`);

const refuse = (refusal: TypedNumberRefusal): TypedNumber => ({ ok: false, ...refusal });

/** How many decimals `value` has in its shortest writing (0.1 + 0.2 has 17, 2.5 has 1). */
export function decimalCount(value: number): number {
  const [mantissa = '', exponent = '0'] = String(Math.abs(value)).split('e');
  const fraction = mantissa.split('.')[1] ?? '';
  return Math.max(0, fraction.length - Number(exponent));
}

/** Whether `value` (a number already read, a JSON body's) is one the rules accept, as a typed text. */
export function checkTypedNumber(value: number, rules: TypedNumberRules = {}): TypedNumber {
  if (!Number.isFinite(value)) return refuse({ reason: 'notANumber' });
  if (rules.integer && !Number.isInteger(value)) return refuse({ reason: 'integer' });
  if (rules.maxDecimals !== undefined && decimalCount(value) > rules.maxDecimals)
    return refuse({ reason: 'decimals', maxDecimals: rules.maxDecimals });
  return checkBounds(value, rules);
}

function checkBounds(value: number, rules: TypedNumberRules): TypedNumber {
  if (value < 0 && !rules.negative) return refuse({ reason: 'negative' });
  if (rules.min !== undefined && (rules.minExclusive ? value <= rules.min : value < rules.min))
    return refuse({ reason: 'min', min: rules.min, exclusive: Boolean(rules.minExclusive) });
  if (rules.max !== undefined && value > rules.max) return refuse({ reason: 'max', max: rules.max });
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

/**
 * `text` read as a number, then checked against `rules`: readTypedNumber(' 1 234,50 ') is
 * { ok: true, value: 1234.5 }, readTypedNumber('12.5.3') { ok: false, reason: 'separators' }.
 */
export function readTypedNumber(text: string, rules: TypedNumberRules = {}): TypedNumber {
  const trimmed = text.replace(SPACES, '');
  if (trimmed === '') return refuse({ reason: 'empty' });
  if (!NUMBER_CHARACTERS.test(trimmed)) return refuse({ reason: 'notANumber' });
  const negative = MINUS.test(trimmed);
  const unsigned = trimmed.replace(/^[-\u2212+]/, '');
  const separators = unsigned.match(/[.,]/g)?.length ?? 0;
  if (separators > 1) return refuse({ reason: 'separators' });
  const [whole = '', fraction] = unsigned.split(/[.,]/);
  // Digits are needed on one side of the separator at least (',5' is 0,5; '12,' and ',' are not done).
  if ((whole === '' && !fraction) || fraction === '') return refuse({ reason: 'incomplete' });
  if (fraction !== undefined && !/^\d+$/.test(fraction))
    return refuse({ reason: /\d/.test(fraction) ? 'grouping' : 'incomplete' });
  if (whole !== '' && !WHOLE.test(whole)) return refuse({ reason: 'grouping' });
  const digits = `${whole.replace(/\D/g, '') || '0'}.${fraction ?? '0'}`;
  const value = Number(digits);
  if (!Number.isFinite(value))
    return refuse(rules.max === undefined ? { reason: 'notANumber' } : { reason: 'max', max: rules.max });
  const decimals = (fraction ?? '').replace(/0+$/, '').length;
  if (rules.integer && decimals > 0) return refuse({ reason: 'integer' });
  if (rules.maxDecimals !== undefined && decimals > rules.maxDecimals)
    return refuse({ reason: 'decimals', maxDecimals: rules.maxDecimals });
  // The decimals are checked on the text above ('0,10' has 1); the sign and bounds on the value.
  return checkBounds(negative ? -value : value, rules);
}

/** A bound as the field's message writes it: '9 999', '100 000 000', '0,5'. */
const bound = (value: number) => formatFrenchNumber(value, { minDecimals: 0, maxDecimals: 4, sign: 'auto' });

/** The French reason of a refusal, as a field shows it under itself ('Au plus 2 décimales'). */
export function typedNumberMessage(refusal: TypedNumberRefusal): string {
  switch (refusal.reason) {
    case 'empty':
      return 'Valeur obligatoire';
    case 'notANumber':
      return 'Nombre attendu, par exemple 12,5';
    case 'separators':
      return 'Un seul séparateur décimal (virgule ou point)';
    case 'grouping':
      return 'Chiffres mal groupés, par exemple 1\u202f234,5';
    case 'incomplete':
      return 'Nombre incomplet';
    case 'decimals':
      return refusal.maxDecimals === 0
        ? 'Nombre entier attendu'
        : `Au plus ${refusal.maxDecimals} décimale${refusal.maxDecimals > 1 ? 's' : ''}`;
    case 'integer':
      return 'Nombre entier attendu';
    case 'negative':
      return 'La valeur ne peut pas être négative';
    case 'min':
      return refusal.exclusive
        ? `La valeur doit être supérieure à ${bound(refusal.min)}`
        : `La valeur doit être au moins ${bound(refusal.min)}`;
    case 'max':
      return `La valeur doit être au plus ${bound(refusal.max)}`;
  }
}

/** A field's own messages for some refusals (the others get typedNumberMessage's). */
export type TypedNumberMessages = Partial<{
  [R in TypedNumberReason]: string | ((refusal: Extract<TypedNumberRefusal, { reason: R }>) => string);
}>;

/** The message of `refusal`: the field's own when it has one, typedNumberMessage's otherwise. */
export function refusalMessage(refusal: TypedNumberRefusal, messages: TypedNumberMessages = {}): string {
  const own = messages[refusal.reason] as string | ((r: TypedNumberRefusal) => string) | undefined;
  if (own === undefined) return typedNumberMessage(refusal);
  return typeof own === 'function' ? own(refusal) : own;
}
