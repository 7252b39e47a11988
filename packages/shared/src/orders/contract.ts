// The contract of the orders back office (docs/contract/orders.md): one zod schema per request and per
// response, with the exact contract field names. The API validates with them, the web client types its calls
// with them, the tests build with them.
//
// Query strings and form bodies arrive as strings: numbers are coerced, and a blank value ('' or
// spaces only) counts as absent. Every validation message is French and names its field, so that
// the first issue can be shown as is.
//
// The schemas by area: contract-fields.ts (the field rules every area shares, the delivery address),
// contract-list.ts (the orders list, the orders screen's settings and the customer's own orders),
// contract-actions.ts (the export and the payment validation of an order), contract-admin-list.ts
// (the admin_liste pick lists) and contract-detail.ts (the order detail). Import them from here.
export { deliveryAddress, isCalendarDay, type DeliveryAddress } from './contract-fields';
export * from './contract-list';
export * from './contract-actions';
export * from './contract-admin-list';
export * from './contract-detail';
