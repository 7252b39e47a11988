// Which kept answers about orders a change of some orders can alter. The orders' change notification
// (migration 0027) names each order it touched, before and after an update, as
// [customer code, agency code, Paris day (YYYY-MM-DD) or null, number, customer reference or null,
// cart type]; a kept orders-list page or count is dropped only when one of them can appear in it. An
// order placed for one customer then leaves the other customers', agencies' and days' pages kept.
import { CART_TYPES_AWAITING_PAYMENT } from '@comptoir/shared/domain';
import type { RowScope } from '../../plugins/change-clock';
import type { OrderFilters } from './orders-list.repository';

/** An order as its change notification names it. */
export interface ChangedOrder {
  customerCode: string;
  agencyCode: string;
  /** The Paris day of its date, null without one. */
  day: string | null;
  number: string;
  customerReference: string | null;
  cartType: string;
}

const textOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** The order a notification's row names, or null when it is not one (then it may touch anything). */
export function readChangedOrder(row: unknown): ChangedOrder | null {
  if (!Array.isArray(row) || row.length !== 6) return null;
  const [customerCode, agencyCode, day, number, customerReference, cartType] = row as unknown[];
  if (
    typeof customerCode !== 'string' ||
    typeof agencyCode !== 'string' ||
    !textOrNull(day) ||
    typeof number !== 'string' ||
    !textOrNull(customerReference) ||
    typeof cartType !== 'string'
  )
    return null;
  return { customerCode, agencyCode, day, number, customerReference, cartType };
}

/** Whether `order` matches the orders list's filters, by the rule of its query (orders-list.repository.ts). */
export function matchesOrderFilters(order: ChangedOrder, filters: OrderFilters): boolean {
  if (filters.codeClient && order.customerCode !== filters.codeClient) return false;
  if (filters.codeAgence && order.agencyCode !== filters.codeAgence) return false;
  if (filters.dateDebut && (order.day === null || order.day < filters.dateDebut)) return false;
  if (filters.dateFin && (order.day === null || order.day > filters.dateFin)) return false;
  if (filters.reference) {
    // Whatever the case, as the query's lower(…) = lower(…).
    const reference = filters.reference.toLowerCase();
    if (order.number.toLowerCase() !== reference && order.customerReference?.toLowerCase() !== reference)
      return false;
  }
  return true;
}

/** A scope over the orders that `touches` an order it reads, and any row it cannot read. */
const ordersScope = (touches: (order: ChangedOrder) => boolean): RowScope => ({
  table: 'orders',
  touches(row) {
    const order = readChangedOrder(row);
    return order === null || touches(order);
  },
});

/** The orders an orders-list page (any page of these filters: the pages shift) and its total can show. */
export const orderListScope = (filters: OrderFilters): RowScope =>
  ordersScope((order) => matchesOrderFilters(order, filters));

/** The orders of Paris day `day` (the back-office home's count of the day). */
export const ordersOfDayScope = (day: string): RowScope => ordersScope((order) => order.day === day);

/** The orders whose payment awaits a validation (ATT, AT2), before or after the change. */
export const ordersAwaitingPaymentScope: RowScope = ordersScope((order) =>
  (CART_TYPES_AWAITING_PAYMENT as readonly string[]).includes(order.cartType),
);
