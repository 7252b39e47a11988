// French display formats shared by every screen (docs/contract/constants-and-formats.md): dates in
// Europe/Paris time, amounts in euros, quantities and rates as French decimals. Absent values (null,
// undefined, NaN, invalid dates) format as '' so that a table cell stays empty; formatEurosOrDash shows
// '—' instead, for amounts that may legitimately be missing (montantTTC).

import { formatFrenchNumber } from './french-number';

export const DISPLAY_TIME_ZONE = 'Europe/Paris';
/** What formatEurosOrDash shows for a missing amount (an em dash). */
export const MISSING_AMOUNT = '—';

// Numbers are written by formatFrenchNumber (no Intl.NumberFormat to build); dates still by Intl.
/** Made on first use: an Intl format costs milliseconds to build on a phone, and most pages use few. */
function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const dateTimeFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('fr-FR', {
      timeZone: DISPLAY_TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

const dayFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('fr-FR', {
      timeZone: DISPLAY_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

/** Amounts in euros: the number, a no-break space (U+00A0), the euro sign. */
const euros = (number: string) => `${number}\u00a0€`;

/** The decimals a quantity keeps: 4, the precision of the order file. */
export const QUANTITY_DECIMALS = 4;

const isNumber = (value: number | null | undefined): value is number =>
  value !== null && value !== undefined && Number.isFinite(value);

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
  const parts = dateTimeFormat().formatToParts(date);
  const day = `${part(parts, 'day')}/${part(parts, 'month')}/${part(parts, 'year')}`;
  const hour = part(parts, 'hour');
  const minute = part(parts, 'minute');
  return hour === '00' && minute === '00' ? day : `${day} ${hour}:${minute}`;
}

/** The Paris calendar day of an instant as 'YYYY-MM-DD' (the API's date query format). */
export function formatIsoDay(value: number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = dayFormat().formatToParts(date);
  return `${part(parts, 'year')}-${part(parts, 'month')}-${part(parts, 'day')}`;
}

/**
 * An amount in euros, French format, 2 decimals: formatEuros(1234.5) === '1\u202f234,50\u00a0€'.
 * Thousands are separated by a narrow no-break space (U+202F), and a no-break space (U+00A0) comes
 * before the euro sign.
 */
export function formatEuros(amount: number | null | undefined): string {
  // 'negative': -0 and amounts rounding to zero do not show as '-0,00 €'.
  return isNumber(amount)
    ? euros(formatFrenchNumber(amount, { minDecimals: 2, maxDecimals: 2, sign: 'negative' }))
    : '';
}

/** formatEuros, or '—' when the amount is missing. */
export function formatEurosOrDash(amount: number | null | undefined): string {
  return formatEuros(amount) || MISSING_AMOUNT;
}

/**
 * A unit price in euros, the one rule of every page (docs/contract/customer-prices.md): 2 decimals,
 * or as many as the ERP's price has up to 4, so that the price shown is the price charged:
 * formatUnitPrice(9.2053) === '9,2053\u00a0€', formatUnitPrice(140) === '140,00\u00a0€',
 * formatUnitPrice(12.5) === '12,50\u00a0€'.
 */
export function formatUnitPrice(amount: number | null | undefined): string {
  // Up to 4 decimals, the precision of the ERP's prices and of the order file.
  return isNumber(amount)
    ? euros(formatFrenchNumber(amount, { minDecimals: 2, maxDecimals: 4, sign: 'auto' }))
    : '';
}

/** A unit price as the storefront shows it: the first line (larger) and the one below it. */
export interface ShopPriceTexts {
  main: string;
  other: string;
}

/**
 * A unit price excl. and incl. tax as the storefront shows it (docs/contract/customer-prices.md, How prices are shown):
 * incl. tax first for a shopper who sees prices incl. tax first (private customers), excl. tax first
 * otherwise, the other below; each by formatUnitPrice, the unit after the first:
 * formatShopPrice({ ht: 9.2053, ttc: 11.05 }, 'Sac', false) ===
 * { main: '9,2053 € HT / Sac', other: '11,05 € TTC' }.
 */
export function formatShopPrice(
  price: { ht: number; ttc: number },
  unit: string | null,
  ttcFirst: boolean,
): ShopPriceTexts {
  const ht = `${formatUnitPrice(price.ht)} HT`;
  const ttc = `${formatUnitPrice(price.ttc)} TTC`;
  const per = unit ? ` / ${unit}` : '';
  return ttcFirst ? { main: `${ttc}${per}`, other: ht } : { main: `${ht}${per}`, other: ttc };
}

/** A count with French digit grouping: formatInteger(12345) === '12\u202f345'. */
export function formatInteger(value: number | null | undefined): string {
  return isNumber(value) ? formatFrenchNumber(value, { minDecimals: 0, maxDecimals: 0, sign: 'auto' }) : '';
}

/**
 * A decimal number, French format, at most `maxDecimals` decimals and no trailing zero:
 * formatDecimal(1234.5, 2) === '1\u202f234,5'.
 */
export function formatDecimal(value: number | null | undefined, maxDecimals: number): string {
  return isNumber(value)
    ? formatFrenchNumber(value, { minDecimals: 0, maxDecimals: maxDecimals, sign: 'auto' })
    : '';
}

/** A quantity or a measure, up to 4 decimals: formatQuantity(2.5) === '2,5'. */
export function formatQuantity(value: number | null | undefined): string {
  return formatDecimal(value, QUANTITY_DECIMALS);
}

/** A VAT rate given in percent: formatVatRate(5.5) === '5,5 %'. */
export function formatVatRate(rate: number | null | undefined): string {
  return isNumber(rate) ? `${formatQuantity(rate)} %` : '';
}
