// How each cell of an ERP file is read (docs/import-erp.md): the readers of the columns' values, each
// refusing what it cannot take with a French message, and the columns built from them.
import { DOCUMENT_KINDS, ORDER_STATUSES, type DocumentKind, type OrderStatus } from '../../domain';
import { UNIT_DECIMALS_MAX } from '../../quantity-rules';
import { MEASURE_MAX, MONEY_MAX } from '../../validation';

/** A cell the row cannot take; the message says why, in French. */
export class CellError extends Error {}

const MAX_TEXT = 500;
const MAX_CODE = 40;

const reject = (reason: string): never => {
  throw new CellError(reason);
};

const noNul = (raw: string) => (raw.includes('\u0000') ? reject('caractère nul interdit') : raw);

export const code = (raw: string) => {
  const value = noNul(raw.trim());
  if (!value) return reject('valeur obligatoire');
  if (value.length > MAX_CODE) return reject(`${MAX_CODE} caractères au maximum`);
  return value;
};
export const text = (raw: string) => {
  const value = noNul(raw.trim());
  if (!value) return reject('valeur obligatoire');
  if (value.length > MAX_TEXT) return reject(`${MAX_TEXT} caractères au maximum`);
  return value;
};

const DECIMAL = /^-?\d+(?:[.,]\d+)?$/;
function decimal(raw: string, max: number, decimals: number, min = 0): number {
  const value = raw.trim();
  if (!DECIMAL.test(value)) return reject('nombre attendu (par exemple 12.5 ou 12,5)');
  const number = Number(value.replace(',', '.'));
  const fraction = value.split(/[.,]/)[1] ?? '';
  if (fraction.length > decimals) return reject(`${decimals} décimales au maximum`);
  if (number < min) return reject(`nombre supérieur ou égal à ${min} attendu`);
  if (number > max) return reject(`nombre inférieur ou égal à ${max} attendu`);
  return number;
}
const optional =
  <T>(read: (raw: string) => T) =>
  (raw: string): T | null =>
    raw.trim() === '' ? null : read(raw);

export const price = (raw: string) => decimal(raw, MONEY_MAX, 4);
export const money = (raw: string) => decimal(raw, MONEY_MAX, 2);
export const measure = (raw: string) => decimal(raw, MEASURE_MAX, 4);
export const signedMeasure = (raw: string) => decimal(raw, MEASURE_MAX, 4, -MEASURE_MAX);
export const vatRate = (raw: string) => decimal(raw, 100, 2);
export const integer = (raw: string) => {
  const value = raw.trim();
  if (!/^\d{1,9}$/.test(value)) return reject('entier positif attendu');
  return Number(value);
};
export const flag = (raw: string) => {
  const value = raw.trim();
  if (value === '1') return true;
  if (value === '0') return false;
  return reject('1 (oui) ou 0 (non) attendu');
};

const ISO_DAY_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?)?$/;
/** A date (AAAA-MM-JJ) or date and time; without an offset it is Paris time. */
export function dateTime(raw: string): Date {
  const value = raw.trim();
  const match = ISO_DAY_TIME.exec(value);
  if (!match) return reject('date attendue au format AAAA-MM-JJ ou AAAA-MM-JJTHH:MM:SS');
  const [, y, mo, d, h = '00', mi = '00', s = '00', offset] = match;
  const local = `${y}-${mo}-${d}T${h}:${mi}:${s}`;
  const date = new Date(offset ? `${local}${offset}` : `${local}${parisOffset(local)}`);
  if (Number.isNaN(date.getTime())) return reject('date inexistante');
  const check = new Date(`${y}-${mo}-${d}T00:00:00Z`);
  if (check.getUTCMonth() + 1 !== Number(mo) || check.getUTCDate() !== Number(d))
    return reject('date inexistante');
  return date;
}

/** The UTC offset of Paris at a local date and time ('+01:00' or '+02:00'). */
function parisOffset(local: string): string {
  const asUtc = new Date(`${local}Z`);
  if (Number.isNaN(asUtc.getTime())) return 'Z';
  const paris = new Date(asUtc.toLocaleString('en-US', { timeZone: 'Europe/Paris' }));
  const utc = new Date(asUtc.toLocaleString('en-US', { timeZone: 'UTC' }));
  const hours = Math.round((paris.getTime() - utc.getTime()) / 3_600_000);
  return `+0${hours}:00`;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day (AAAA-MM-JJ), kept as written. */
export const day = (raw: string): string => {
  const value = raw.trim();
  if (!ISO_DAY.test(value)) return reject('date attendue au format AAAA-MM-JJ');
  dateTime(value);
  return value;
};

export const documentType = (raw: string): DocumentKind => {
  const value = raw.trim();
  return (DOCUMENT_KINDS as readonly string[]).includes(value)
    ? (value as DocumentKind)
    : reject(`un de ${DOCUMENT_KINDS.join(', ')} attendu`);
};

/** A PDF's plain name: no folder, letters, digits, `_`, `-`, `.`, ending in .pdf. */
export const pdfName = (raw: string): string => {
  const value = code(raw);
  return /^[A-Za-z0-9][A-Za-z0-9_.-]{0,150}\.pdf$/.test(value) && !value.includes('..')
    ? value
    : reject('nom de fichier PDF attendu (lettres, chiffres, _, -, ., terminé par .pdf, sans dossier)');
};

/** A stock-query URL template: http or https only. */
export const webUrl = (raw: string): string => {
  const value = text(raw);
  const probe = value.replace(/\{(codeArticle|codeDeclinaison|codeAgence)\}/g, 'x');
  const url = URL.canParse(probe) ? new URL(probe) : null;
  return url && (url.protocol === 'http:' || url.protocol === 'https:')
    ? value
    : reject('adresse http:// ou https:// attendue');
};

export const percent = (raw: string) => decimal(raw, 100, 2);
export const unitDecimals = (raw: string) => {
  const value = integer(raw);
  return value > UNIT_DECIMALS_MAX ? reject(`entier de 0 à ${UNIT_DECIMALS_MAX} attendu`) : value;
};
export const positiveMeasure = (raw: string) => {
  const value = measure(raw);
  return value > 0 ? value : reject('nombre supérieur à 0 attendu');
};
export const days = (raw: string) => {
  const value = integer(raw);
  return value > 365 ? reject('nombre de jours de 0 à 365 attendu') : value;
};

export const status = (raw: string): OrderStatus => {
  const value = raw.trim();
  return (ORDER_STATUSES as readonly string[]).includes(value)
    ? (value as OrderStatus)
    : reject(`un de ${ORDER_STATUSES.join(', ')} attendu`);
};

/** `COULEUR=Gris|LONGUEUR=2,50 m` → { COULEUR: 'Gris', LONGUEUR: '2,50 m' }. */
export const options = (raw: string): Record<string, string> => {
  const result: Record<string, string> = {};
  for (const pair of noNul(raw.trim()).split('|')) {
    if (!pair.trim()) continue;
    const at = pair.indexOf('=');
    if (at <= 0) return reject('paires NOM=valeur séparées par | attendues');
    result[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return result;
};

export interface Column<T> {
  name: string;
  /** The column may be absent from the header; an empty cell gives null (or the default). */
  optional?: boolean;
  read: (raw: string) => T;
}

export const col = <T>(name: string, read: (raw: string) => T): Column<T> => ({ name, read });
export const opt = <T>(name: string, read: (raw: string) => T): Column<T | null> => ({
  name,
  optional: true,
  read: optional(read),
});

export type Columns = Record<string, Column<unknown>>;
export type RowOf<C extends Columns> = { [K in keyof C]: C[K] extends Column<infer T> ? T : never };
