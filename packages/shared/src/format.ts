// French display formats shared by every screen (SPEC.md §9): dates in Europe/Paris time, amounts in euros.
// Absent values (null, undefined, NaN, invalid dates) format as '' so that a table cell stays empty;
// formatEurosOrDash shows '—' instead, for amounts that may legitimately be missing (montantTTC).

export const DISPLAY_TIME_ZONE = 'Europe/Paris';
/** What formatEurosOrDash shows for a missing amount (an em dash). */
export const MISSING_AMOUNT = '—';

const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: DISPLAY_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const dayFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

// signDisplay 'negative' keeps -0 and amounts rounding to zero from showing as '-0,00 €'.
const euroFormat = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  signDisplay: 'negative',
});

const integerFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

function toDate(value: number | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const date = typeof value === 'number' ? new Date(value * 1000) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

/**
 * 'dd/mm/yy', plus ' hh:mm' when the Paris wall-clock time is not midnight (00:00).
 * A number is read as seconds since the epoch (the API's dates); a Date as is.
 */
export function formatDate(value: number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = dateTimeFormat.formatToParts(date);
  const day = `${part(parts, 'day')}/${part(parts, 'month')}/${part(parts, 'year')}`;
  const hour = part(parts, 'hour');
  const minute = part(parts, 'minute');
  return hour === '00' && minute === '00' ? day : `${day} ${hour}:${minute}`;
}

/** The Paris calendar day of an instant as 'YYYY-MM-DD' (the API's date query format). */
export function formatIsoDay(value: number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = dayFormat.formatToParts(date);
  return `${part(parts, 'year')}-${part(parts, 'month')}-${part(parts, 'day')}`;
}

/**
 * An amount in euros, French format, 2 decimals: formatEuros(1234.5) === '1\u202f234,50\u00a0€'.
 * Intl separates thousands with a narrow no-break space (U+202F) and puts a no-break space (U+00A0)
 * before the euro sign.
 */
export function formatEuros(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  return euroFormat.format(amount);
}

/** formatEuros, or '—' when the amount is missing. */
export function formatEurosOrDash(amount: number | null | undefined): string {
  return formatEuros(amount) || MISSING_AMOUNT;
}

/** A count with French digit grouping: formatInteger(12345) === '12\u202f345'. */
export function formatInteger(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return integerFormat.format(value);
}
