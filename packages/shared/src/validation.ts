// French validation messages for zod issues, shared by the API (400 answers) and the web forms.
// A message written in a schema (e.g. min(1, 'Identifiant obligatoire')) always wins over these:
// zod gives a schema's own message precedence over the error map passed to parse().
import { z } from 'zod';

/** One invalid field: its dotted path ('' for the whole value) and a French message. */
export interface FieldError {
  champ: string;
  message: string;
}

/** Where the invalid value came from; decides the noun of the summary message. */
export type ValidationSource = 'querystring' | 'params' | 'body' | 'headers' | 'config';

const EXPECTED: Record<string, string> = {
  string: 'texte attendu',
  number: 'nombre attendu',
  int: 'nombre entier attendu',
  bigint: 'nombre entier attendu',
  boolean: 'booléen attendu (true ou false)',
  date: 'date attendue',
  array: 'liste attendue',
  object: 'objet attendu',
  record: 'objet attendu',
  map: 'objet attendu',
  set: 'liste attendue',
  file: 'fichier attendu',
  null: 'valeur nulle attendue',
};

const FORMATS: Record<string, string> = {
  email: 'adresse e-mail invalide',
  url: 'adresse web invalide',
  uuid: 'identifiant invalide',
  date: 'date attendue au format AAAA-MM-JJ',
  datetime: 'date et heure attendues au format ISO 8601',
  time: 'heure attendue au format HH:MM',
  starts_with: 'début invalide',
  ends_with: 'fin invalide',
  includes: 'contenu invalide',
  lowercase: 'minuscules attendues',
  uppercase: 'majuscules attendues',
};

const plural = (n: number | bigint, word: string) => `${n} ${word}${Number(n) > 1 ? 's' : ''}`;

/** The French text of one raw zod issue; usable as a zod error map (`parse(x, { error: frenchErrorMap })`). */
export function frenchErrorMap(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'valeur obligatoire';
      return EXPECTED[issue.expected] ?? `${issue.expected} attendu`;
    case 'too_small': {
      const { minimum, inclusive, origin } = issue;
      if (origin === 'string')
        return Number(minimum) === 1 && inclusive !== false
          ? 'valeur obligatoire'
          : `${issue.exact ? '' : 'au moins '}${plural(minimum, 'caractère')}${issue.exact ? ' attendus' : ''}`;
      if (origin === 'array' || origin === 'set')
        return `${issue.exact ? '' : 'au moins '}${plural(minimum, 'élément')}${issue.exact ? ' attendus' : ''}`;
      if (origin === 'date') return `date antérieure au minimum autorisé`;
      return inclusive === false
        ? `doit être supérieur à ${minimum}`
        : `doit être supérieur ou égal à ${minimum}`;
    }
    case 'too_big': {
      const { maximum, inclusive, origin } = issue;
      if (origin === 'string')
        return `${issue.exact ? '' : 'au plus '}${plural(maximum, 'caractère')}${issue.exact ? ' attendus' : ''}`;
      if (origin === 'array' || origin === 'set')
        return `${issue.exact ? '' : 'au plus '}${plural(maximum, 'élément')}${issue.exact ? ' attendus' : ''}`;
      if (origin === 'date') return `date postérieure au maximum autorisé`;
      return inclusive === false
        ? `doit être inférieur à ${maximum}`
        : `doit être inférieur ou égal à ${maximum}`;
    }
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'format invalide';
    case 'not_multiple_of':
      return `doit être un multiple de ${issue.divisor}`;
    case 'unrecognized_keys':
      return `${issue.keys.length > 1 ? 'champs inconnus' : 'champ inconnu'} : ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `valeur attendue : ${String(issue.values[0])}`
        : `valeur attendue parmi : ${issue.values.map(String).join(', ')}`;
    default:
      return 'valeur invalide';
  }
}

/**
 * frenchErrorMap knowing the raw input: a coerced field (query strings) sees NaN instead of
 * undefined when it is missing, and should still read 'valeur obligatoire'.
 */
export function frenchErrorMapFor(input: unknown): (issue: z.core.$ZodRawIssue) => string {
  return (issue) => {
    if (issue.code === 'invalid_type' && isMissing(valueAt(input, issue.path ?? [])))
      return 'valeur obligatoire';
    return frenchErrorMap(issue);
  };
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

const isMissing = (value: unknown) => value === undefined || value === null || value === '';

/** The invalid fields of a failed parse, one per issue, in zod's order. */
export function fieldErrors(error: z.core.$ZodError): FieldError[] {
  return error.issues.map((issue) => ({ champ: issue.path.map(String).join('.'), message: issue.message }));
}

const NOUNS: Record<ValidationSource, [single: string, whole: string]> = {
  querystring: ['Paramètre', 'Paramètres de la requête'],
  params: ['Paramètre', "Paramètres de l'adresse"],
  body: ['Champ', 'Corps de la requête'],
  headers: ['En-tête', 'En-têtes de la requête'],
  config: ['Variable', 'Configuration'],
};

/** One readable sentence naming the first invalid field, e.g. "Paramètre « page » invalide : nombre attendu". */
export function validationMessage(source: ValidationSource, errors: FieldError[]): string {
  const [single, whole] = NOUNS[source];
  const first = errors[0];
  if (!first) return `${whole} invalide`;
  // Contract messages may name their field already ('page : entier attendu'): say it once.
  const own = `${first.champ.split('.').at(-1)} : `;
  const reason = lowerFirst(
    first.champ && first.message.startsWith(own) ? first.message.slice(own.length) : first.message,
  );
  return first.champ ? `${single} « ${first.champ} » invalide : ${reason}` : `${whole} invalide : ${reason}`;
}

// "Identifiant obligatoire" reads better mid-sentence as "identifiant obligatoire"; acronyms stay.
function lowerFirst(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

// ---------------------------------------------------------------- ids and texts PostgreSQL can hold

/** Largest PostgreSQL integer (int4): every id column (serial) stops there. */
export const ID_MAX = 2_147_483_647;
/**
 * Largest values the decimal columns hold once rounded to their scale: a measure is numeric(12,4)
 * (8 integer digits), an amount numeric(12,2) (10). A larger value cannot be stored.
 */
export const MEASURE_MAX = 99_999_999.9999;
export const MONEY_MAX = 9_999_999_999.99;
const ID_MESSAGE = `identifiant attendu (entier de 1 à ${ID_MAX})`;

/**
 * Longest path parameter the router accepts, in characters once decoded (the API's router option
 * and its 414 message); no path parameter's schema allows more.
 */
export const PATH_PARAM_MAX_LENGTH = 200;

/** PostgreSQL text cannot hold U+0000: the API refuses it in any request field with this message. */
export const NUL_CHARACTER_MESSAGE = 'caractère nul (U+0000) interdit';

/**
 * An id in a JSON body: an integer from 1 to ID_MAX, never a boolean or a string. `message`, when
 * given, is the contract's text for every failure; otherwise a missing or non-numeric value gets
 * the French default and a value out of range ID_MESSAGE.
 */
export function idNumber(message?: string) {
  const bound = { error: message ?? ID_MESSAGE };
  const own = message === undefined ? undefined : { error: message };
  return z.number(own).int(own).min(1, bound).max(ID_MAX, bound);
}

/**
 * An id in a path, a query string or a form field: idNumber, also given as a decimal text. Only
 * texts are converted: JSON `true` is refused, not read as id 1.
 */
export function idParam(message?: string) {
  return z.preprocess((value) => (typeof value === 'string' ? Number(value) : value), idNumber(message));
}
