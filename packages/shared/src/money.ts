// Money in exact arithmetic (docs/contract/customer-prices.md, Money): every amount the shop computes — a cart's lines
// and totals, an order's, its mail's and its export file's, a unit price incl. tax — comes from these
// pure functions, in integer cents. The rule:
// - a unit price excl. tax is the ERP's, up to 4 decimals (kept as given);
// - a line excl. tax = unit price × quantity (quantities up to 4 decimals), rounded half up to the cent;
// - the VAT, per rate, on the sum of that rate's lines, rounded half up to the cent;
// - the total excl. tax = the sum of the lines; the total incl. tax = that sum + the VAT.
// Decimal numbers are read into integers at their scale first (binary noise dropped), then multiplied
// as BigInt: no product of a price and a quantity ever goes through a float.
// No schema here: the first-load pages import it.

/** The decimals of a unit price and of a quantity, as the ERP and the order file keep them. */
export const PRICE_DECIMALS = 4;

/**
 * `value` as an integer count of 10^-decimals, rounded half away from zero. A float written with at
 * most `decimals` decimals is read exactly: 1.005 is 1005 thousandths, not 1004.999….
 */
export function scaled(value: number, decimals: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Montant invalide : ${value}`);
  const magnitude = Number((Math.abs(value) * 10 ** decimals).toPrecision(15));
  const rounded = Math.round(magnitude);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** An amount in euros as integer cents, rounded half up (1.005 € → 101). */
export const toCents = (euros: number): number => scaled(euros, 2);

/** Integer cents as euros (a float with at most 2 decimals, exactly as written). */
export const fromCents = (cents: number): number => cents / 100;

/** a / b rounded half away from zero, for BigInts, b > 0. */
function divideHalfUp(a: bigint, b: bigint): bigint {
  const negative = a < 0n;
  const magnitude = negative ? -a : a;
  const quotient = (magnitude * 2n + b) / (2n * b);
  return negative ? -quotient : quotient;
}

/** 10^PRICE_DECIMALS. */
const PRICE_SCALE = 10_000n;

/** A line's amount excl. tax in cents: unit price × quantity, rounded half up to the cent. */
export function lineCents(quantity: number, unitPrice: number): number {
  const product = BigInt(scaled(quantity, PRICE_DECIMALS)) * BigInt(scaled(unitPrice, PRICE_DECIMALS)); // 10^-8 €
  return Number(divideHalfUp(product, (PRICE_SCALE * PRICE_SCALE) / 100n));
}

/** A line's amount excl. tax in euros (lineCents). */
export const lineAmount = (quantity: number, unitPrice: number): number =>
  fromCents(lineCents(quantity, unitPrice));

/** The VAT of a base in cents at `rate` percent (up to 2 decimals: 5.5, 2.1), rounded half up to the cent. */
export function vatCents(baseCents: number, rate: number): number {
  return Number(divideHalfUp(BigInt(baseCents) * BigInt(scaled(rate, 2)), 10_000n));
}

/** A line as the totals read it: its amount excl. tax (already to the cent) and its VAT rate. */
export interface MoneyLine {
  amountHt: number;
  vatRate: number;
}

export interface MoneyTotals {
  totalHt: number;
  totalVat: number;
  totalTtc: number;
  /** The VAT of each rate, by rate (in order of first appearance): what an invoice lists. */
  vatByRate: { rate: number; base: number; vat: number }[];
}

/**
 * The totals of lines whose amounts excl. tax are to the cent: HT is their sum; the VAT is computed
 * per rate on the sum of that rate's lines; TTC = HT + VAT. In cents throughout.
 */
export function totalsOf(lines: readonly MoneyLine[]): MoneyTotals {
  const bases = new Map<number, number>();
  let htCents = 0;
  for (const line of lines) {
    const cents = toCents(line.amountHt);
    htCents += cents;
    bases.set(line.vatRate, (bases.get(line.vatRate) ?? 0) + cents);
  }
  let vatTotal = 0;
  const vatByRate = [...bases].map(([rate, base]) => {
    const vat = vatCents(base, rate);
    vatTotal += vat;
    return { rate, base: fromCents(base), vat: fromCents(vat) };
  });
  return {
    totalHt: fromCents(htCents),
    totalVat: fromCents(vatTotal),
    totalTtc: fromCents(htCents + vatTotal),
    vatByRate,
  };
}

/** The sum of amounts to the cent, exact: for the export file's control total and the like. */
export const sumCents = (amounts: readonly number[]): number =>
  amounts.reduce((sum, amount) => sum + toCents(amount), 0);

/**
 * A unit price incl. tax, as the storefront shows it: what one unit costs in the cart, its line
 * (rounded to the cent) plus that line's VAT. So a shopper who buys one sees this figure as the total.
 */
export function unitPriceTtc(unitPriceHt: number, vatRate: number): number {
  const line = lineCents(1, unitPriceHt);
  return fromCents(line + vatCents(line, vatRate));
}

/** A unit price as the ERP gives it, kept to 4 decimals (a discount's result, say). */
export const roundUnitPrice = (price: number): number => scaled(price, PRICE_DECIMALS) / 10 ** PRICE_DECIMALS;

/** A discount of `percent` (0 to 100) off a list price, kept to 4 decimals. */
export function discounted(listPrice: number, percent: number): number {
  const bounded = Math.min(Math.max(percent, 0), 100);
  // list (10^-4 €) × (100 - percent) (10^-2 %) / 10^4, half up: exact for the ERP's 2-decimal percents.
  const product = BigInt(scaled(listPrice, PRICE_DECIMALS)) * BigInt(scaled(100 - bounded, 2));
  return Number(divideHalfUp(product, 10_000n)) / 10 ** PRICE_DECIMALS;
}
