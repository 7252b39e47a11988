// The orders module's face to the other modules (docs/contract/orders.md): what they may call, each
// from the file that serves it (docs/architecture.md, Layers of the API). The module's own files
// import those files, never this one.

// The back office's orders list (documents), and the home's counts with the orders that change them.
export { countOrdersAwaitingPayment, countOrdersToday, listOrders } from './orders-list.service';
export { ordersAwaitingPaymentScope, ordersOfDayScope } from './order-changes';

// One order: who may see it and its detail (the account, the documents, the mails, card payments).
export {
  canSeeOrderNumbered,
  orderDetailById,
  orderDetailFor,
  visibleOrderNumber,
} from './order-detail.service';

// A customer's own orders: the reorder's articles, the credit its orders on account use.
export { outstandingOnAccount, recentlyOrderedArticleCodes } from './customer-orders.service';

// Placing a web order (the cart's checkout), the card provider's confirmation, the ERP's statuses.
export {
  confirmCardPayment,
  numberWebOrder,
  orderStatusesByNumbers,
  placeWebOrderFile,
  provisionalOrderNumber,
  setOrderStatuses,
  writeWebOrder,
  type NewWebOrder,
  type OrderStatusRow,
  type VisitorContact,
  type WrittenWebOrder,
} from './order-writes.service';
