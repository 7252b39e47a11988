// The quantities an article may be sold in (docs/contract/quantities-and-units.md, "Quantities and units"): its sale unit's
// decimals (0: whole sacks, pieces, boxes; 2: metres, square metres, kilograms…), the article's
// minimum and multiple ('vendu par 10'), and what the stock says of an order. One rule for the product
// page, the tiles, the cart, the quick order and the server. No zod: the storefront's pages load it.
import { CART_QUANTITY_MAX } from './cart-texts';
import type { StockState } from './catalogue-texts';
import { formatDecimal, formatInteger } from './format';
import { unitQuantity } from './unit-plural';

/** What an article's quantity must respect. */
export interface SaleRule {
  /** Decimals of the sale unit (0 to 3): 0, whole units only. */
  decimales: number;
  /** The least quantity of one line; null: any above 0. */
  minimum: number | null;
  /** The quantity is a multiple of it ('vendu par 10'); null: none. */
  multiple: number | null;
}

/** The rule of an article without minimum nor multiple, in a whole unit. */
export const WHOLE_UNITS: SaleRule = { decimales: 0, minimum: null, multiple: null };

/** The most decimals a unit may have (the cart's quantities keep 4, cut lines 3). */
export const UNIT_DECIMALS_MAX = 3;

/**
 * The decimals of a unit the ERP did not say (a version 2 file, or a unit an articles file names
 * first): 2 for the units that measure (metre, linear metre, square and cubic metre, kilogram, tonne,
 * litre), 0 for the others (sack, piece, box, bar, sheet…).
 */
export function defaultUnitDecimals(code: string): number {
  return MEASURED_UNITS.has(code.trim().toUpperCase()) ? 2 : 0;
}
const MEASURED_UNITS: ReadonlySet<string> = new Set(['M', 'ML', 'M2', 'M3', 'KG', 'T', 'L']);

export type QuantityCheck =
  /** `message` set: the quantity typed was raised to `quantity`, and the shopper must be told so. */
  { ok: true; quantity: number; message: string | null } | { ok: false; message: string };

// Quantities are compared in ten-thousandths (the cart's precision), so that no binary noise counts.
const SCALE = 10_000;
const scaled = (value: number) => Math.round(Number((value * SCALE).toPrecision(15)));
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

const fmt = (value: number) => formatDecimal(value, 4);

export const QUANTITY_MESSAGES = {
  invalid: 'Quantité invalide',
  positive: 'La quantité doit être supérieure à 0',
  tooLarge: `Quantité trop grande : ${formatInteger(CART_QUANTITY_MAX)} au maximum`,
  unavailable: 'Article indisponible',
  wholeUnits: 'Vendu à l’unité',
  decimals: (decimals: number) => `Au plus ${decimals} décimale${decimals > 1 ? 's' : ''}`,
  minimum: (minimum: number, unit: string) => `Minimum de commande ${unitQuantity(minimum, unit)}`,
  multiple: (multiple: number) => `Vendu par ${fmt(multiple)}`,
  /** 'Vendu par 10 : quantité portée à 20'. */
  raised: (reason: string, quantity: number) => `${reason} : quantité portée à ${fmt(quantity)}`,
  /** The server's refusal of a quantity it will not change itself. */
  refused: (reason: string, quantity: number) => `${reason} : commandez ${fmt(quantity)}`,
} as const;

/** Why `quantity` breaks the rule (the first of multiple, minimum, decimals), or null. */
function breach(quantity: number, rule: SaleRule, unit: string): string | null {
  const units = scaled(quantity);
  if (rule.multiple !== null && rule.multiple > 0 && units % scaled(rule.multiple) !== 0)
    return QUANTITY_MESSAGES.multiple(rule.multiple);
  if (rule.minimum !== null && units < scaled(rule.minimum))
    return QUANTITY_MESSAGES.minimum(rule.minimum, unit);
  const step = 10 ** (4 - Math.min(rule.decimales, UNIT_DECIMALS_MAX));
  if (units % step !== 0)
    return rule.decimales === 0 ? QUANTITY_MESSAGES.wholeUnits : QUANTITY_MESSAGES.decimals(rule.decimales);
  return null;
}

/**
 * The smallest quantity at least `quantity` that the rule accepts: rounded up to the unit's decimals,
 * to the minimum, to a multiple (the least common step of the unit's and the multiple's).
 */
export function nearestAllowed(quantity: number, rule: SaleRule): number {
  const unitStep = 10 ** (4 - Math.min(rule.decimales, UNIT_DECIMALS_MAX));
  const multipleStep = rule.multiple !== null && rule.multiple > 0 ? scaled(rule.multiple) : 1;
  const step = (unitStep / gcd(unitStep, multipleStep)) * multipleStep;
  const least = Math.max(scaled(quantity), rule.minimum === null ? 0 : scaled(rule.minimum), 1);
  return (Math.ceil(least / step) * step) / SCALE;
}

/**
 * Checks a quantity typed for an article sold by `rule` in `unit` (the unit's label, 'Sac'). A
 * quantity not above 0, not a number or above the cart's maximum is refused. One that breaks the
 * unit's decimals, the minimum or the multiple is raised to the nearest allowed (`message` says
 * which and to what: 'Vendu par 10 : quantité portée à 20') when `raise`, as the storefront does
 * under the shopper's eyes; else refused with the quantity to order, as the server does (it never
 * changes a quantity silently).
 */
export function checkQuantity(quantity: number, rule: SaleRule, unit: string, raise: boolean): QuantityCheck {
  if (!Number.isFinite(quantity)) return { ok: false, message: QUANTITY_MESSAGES.invalid };
  if (quantity <= 0) return { ok: false, message: QUANTITY_MESSAGES.positive };
  if (quantity > CART_QUANTITY_MAX) return { ok: false, message: QUANTITY_MESSAGES.tooLarge };
  const reason = breach(quantity, rule, unit);
  if (reason === null) return { ok: true, quantity, message: null };
  const allowed = nearestAllowed(quantity, rule);
  if (allowed > CART_QUANTITY_MAX) return { ok: false, message: QUANTITY_MESSAGES.tooLarge };
  return raise
    ? { ok: true, quantity: allowed, message: QUANTITY_MESSAGES.raised(reason, allowed) }
    : { ok: false, message: QUANTITY_MESSAGES.refused(reason, allowed) };
}

/** The quantity a field starts at: the least the rule accepts (1 for most articles). */
export const firstQuantity = (rule: SaleRule) => nearestAllowed(1, rule);

// ---------------------------------------------------------------- stock

/** An article's stock where the shopper buys, as the cart checks an order against it. */
export interface StockForOrder {
  state: StockState;
  /** Quantity on hand (in the stock unit); null when the agency does not keep it (ordered from the supplier). */
  quantity: number | null;
  /** Days the supplier takes when the article is ordered (the ERP's `delai_commande`); null: not said. */
  delay: number | null;
  /** False when the stock counts in another unit than the sale unit: no quantity is compared then. */
  sameUnit?: boolean;
}

export const STOCK_MESSAGES = {
  delay: (days: number) => `délai ${days} jour${days > 1 ? 's' : ''}`,
  /** 'Sur commande (délai 10 jours)'. */
  onOrder: (delay: number | null) =>
    delay === null
      ? 'Sur commande : délai confirmé par votre agence'
      : `Sur commande (${STOCK_MESSAGES.delay(delay)})`,
  /** 'En stock : 654 plaques ; 99 345 plaques à commander au fournisseur'. */
  beyond: (inStock: number, ordered: number, unit: string, delay: number | null) =>
    `En stock : ${unitQuantity(inStock, unit)} ; ${unitQuantity(ordered, unit)} à commander au fournisseur${delay === null ? '' : ` (${STOCK_MESSAGES.delay(delay)})`}`,
} as const;

/**
 * Whether an order of `quantity` can be taken from this stock, and what the shopper is told: an
 * article unavailable (0 or less on hand) is refused ('Article indisponible') unless the ERP gives its
 * supplier's delay (it may then be ordered, 'Sur commande (délai 10 jours)'); an article the agency
 * does not keep is ordered from the supplier, said so; a quantity beyond what is on hand says what is
 * in stock and what will be ordered. Null note: nothing to say.
 */
export function stockNote(
  stock: StockForOrder,
  quantity: number,
  unit: string,
): { ok: true; note: string | null } | { ok: false; message: string } {
  if (stock.state === 'indisponible')
    return stock.delay === null
      ? { ok: false, message: QUANTITY_MESSAGES.unavailable }
      : { ok: true, note: STOCK_MESSAGES.onOrder(stock.delay) };
  if (stock.quantity === null) return { ok: true, note: STOCK_MESSAGES.onOrder(stock.delay) };
  if (stock.sameUnit !== false && quantity > stock.quantity + 1e-9) {
    const ordered = Math.round((quantity - stock.quantity) * SCALE) / SCALE;
    return { ok: true, note: STOCK_MESSAGES.beyond(stock.quantity, ordered, unit, stock.delay) };
  }
  return { ok: true, note: null };
}
