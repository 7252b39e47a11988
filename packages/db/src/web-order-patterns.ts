// The shapes of a web order number ('W2026-000042') and of a numeric web order id, as the predicates of
// the orders' two partial indexes (schema/orders.ts, migration 0024). The queries that read those indexes
// repeat them as these very constants, never as parameters, so that the planner can prove the index
// applies to every plan of them.
export const WEB_ORDER_NUMBER_PATTERN = '^W[0-9]+-[0-9]{6,}$';
export const NUMERIC_WEB_ORDER_ID_PATTERN = '^[0-9]{1,15}$';
