// Statistics rollups. (packages/db/src/schema.ts re-exports every file of the schema.)
import { date, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Rollups of the orders and the customer logins, per Paris day, kept exact by the triggers of the
// statistics_rollup migration (in the transaction of each write: inserted, updated or deleted orders,
// inserted logins). The agency and customer type are those of the order, or of the customer at the
// time of the login. They are derived data: no foreign keys, so that they never block a write.
const rollupMeasures = () => ({
  logins: integer('logins').notNull().default(0),
  orders: integer('orders').notNull().default(0),
  amountHt: numeric('amount_ht', { precision: 18, scale: 2, mode: 'number' }).notNull().default(0),
});

/** Per day × customer (with its agency and type): the statistics of one customer. */
export const statisticsCustomerDays = pgTable(
  'statistics_customer_days',
  {
    customerCode: text('customer_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    agencyCode: text('agency_code').notNull(),
    customerType: text('customer_type').notNull(),
    ...rollupMeasures(),
  },
  (t) => [primaryKey({ columns: [t.customerCode, t.day, t.agencyCode, t.customerType] })],
);

/** Per day × agency × customer type: the statistics without a customer filter, a few rows a day. */
export const statisticsAgencyDays = pgTable(
  'statistics_agency_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    agencyCode: text('agency_code').notNull(),
    customerType: text('customer_type').notNull(),
    ...rollupMeasures(),
  },
  (t) => [primaryKey({ columns: [t.day, t.agencyCode, t.customerType] })],
);

/**
 * Per hour (its start, a whole UTC hour: Paris hours begin on them) × agency × customer type: the
 * scale heure without a customer filter, 24 rows a day at most per agency and type.
 */
export const statisticsAgencyHours = pgTable(
  'statistics_agency_hours',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    agencyCode: text('agency_code').notNull(),
    customerType: text('customer_type').notNull(),
    ...rollupMeasures(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.agencyCode, t.customerType] })],
);

/** Each customer's first login ever (premiereco), with its agency and type at that time. */
export const statisticsFirstLogins = pgTable(
  'statistics_first_logins',
  {
    customerCode: text('customer_code').primaryKey(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    agencyCode: text('agency_code').notNull(),
    customerType: text('customer_type').notNull(),
  },
  (t) => [index('statistics_first_logins_first_at_idx').on(t.firstAt)],
);
