// The back-office home's kept figures (plugins/kept-read.ts): each kept until its table changes (a
// count of the articles or of the day's orders at benchmark scale reads hundreds of thousands of
// rows); the day's counts per Paris day, the orders' until an order they count changes
// (order-changes.ts).
import { keptRead } from '../../plugins/kept-read';
import { countLoginsToday } from '../auth/auth.reads';
import { countActiveArticles } from '../catalogue/catalogue.reads';
import {
  countOrdersAwaitingPayment,
  countOrdersToday,
  ordersAwaitingPaymentScope,
  ordersOfDayScope,
} from '../orders/orders.service';
import { countCustomers } from '../reference/reference.reads';

export const ordersOfDay = keptRead({
  key: (day: string) => `admin-home:orders:${day}`,
  tables: ['orders'],
  scope: (day: string) => ordersOfDayScope(day),
  load: (db) => countOrdersToday(db),
});

export const ordersAwaitingPayment = keptRead({
  key: () => 'admin-home:awaiting-payment',
  tables: ['orders'],
  scope: () => ordersAwaitingPaymentScope,
  load: (db) => countOrdersAwaitingPayment(db),
});

export const customersCount = keptRead({
  key: () => 'admin-home:customers',
  tables: ['customers'],
  load: (db) => countCustomers(db),
});

export const activeArticlesCount = keptRead({
  key: () => 'admin-home:articles',
  tables: ['articles'],
  load: (db) => countActiveArticles(db),
});

export const loginsOfDay = keptRead({
  key: (day: string) => `admin-home:logins:${day}`,
  tables: ['login_events'],
  load: (db) => countLoginsToday(db),
});
