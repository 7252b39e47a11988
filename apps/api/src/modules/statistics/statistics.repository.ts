// Every database read of the statistics. By day: the rollups of the statistics_rollup migration (a
// few rows per day without a customer filter, the customer's own rows with one). By hour (31 days
// at most): the raw orders and logins in the period, on their date indexes.
import { and, eq, gte, inArray, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import {
  customers,
  loginEvents,
  orders,
  statisticsAgencyDays,
  statisticsAgencyHours,
  statisticsCustomerDays,
  statisticsFirstLogins,
} from '@comptoir/db/schema';

export interface StatisticsFilters {
  /** Empty: every agency. */
  agencyCodes: string[];
  customerCode?: string;
  customerType?: string;
  /** The period as instants: from Paris midnight of its first day to Paris midnight after its last. */
  from: Date;
  to: Date;
  /** The same period as Paris days, both included. */
  firstDay: string;
  lastDay: string;
}

/** Figures of one day ('YYYY-MM-DD') or one hour (its start, seconds since the epoch, as text). */
export interface FigureRow {
  key: string;
  logins: number;
  orders: number;
  amountHt: number;
}
export interface FirstLoginRow {
  key: string;
  firstLogins: number;
}

interface Dimensions {
  agencyCode: AnyColumn;
  customerCode?: AnyColumn;
  customerType: AnyColumn;
}

function dimensionFilter(columns: Dimensions, f: StatisticsFilters): SQL | undefined {
  return and(
    f.agencyCodes.length ? inArray(columns.agencyCode, f.agencyCodes) : undefined,
    f.customerCode !== undefined && columns.customerCode
      ? eq(columns.customerCode, f.customerCode)
      : undefined,
    f.customerType !== undefined ? eq(columns.customerType, f.customerType) : undefined,
  );
}

/** The period's instants, on a timestamp column (its date index). */
const inPeriod = (column: AnyColumn, f: StatisticsFilters) => and(gte(column, f.from), lt(column, f.to));

const parisDay = (column: AnyColumn) =>
  sql<string>`to_char((${column} at time zone 'Europe/Paris')::date, 'YYYY-MM-DD')`;
// The hour's start in UTC whatever the session's time zone (Paris hours start on whole UTC hours).
const hourKey = (column: AnyColumn) =>
  sql<string>`extract(epoch from date_trunc('hour', ${column} at time zone 'UTC'))::bigint::text`;

/** Logins, orders and amounts per Paris day, from the rollups. */
export function dailyFigures(db: DbOrTx, f: StatisticsFilters): Promise<FigureRow[]> {
  // Without a customer the agency rollup answers (a few rows a day); with one, the customer's rows.
  const table = f.customerCode === undefined ? statisticsAgencyDays : statisticsCustomerDays;
  const columns: Dimensions = {
    agencyCode: table.agencyCode,
    customerType: table.customerType,
    customerCode: f.customerCode === undefined ? undefined : statisticsCustomerDays.customerCode,
  };
  return db
    .select({
      key: sql<string>`to_char(${table.day}, 'YYYY-MM-DD')`,
      logins: sql<number>`sum(${table.logins})::int`,
      orders: sql<number>`sum(${table.orders})::int`,
      amountHt: sql<number>`sum(${table.amountHt})::float8`,
    })
    .from(table)
    .where(and(gte(table.day, f.firstDay), lte(table.day, f.lastDay), dimensionFilter(columns, f)))
    .groupBy(table.day);
}

/**
 * How many orders were placed on the Paris days from `firstDay` to `lastDay` (both included, either
 * open), in one agency or all: the day rollup's sum, a few rows a day whatever the number of orders.
 */
export async function ordersOnDays(
  db: DbOrTx,
  range: { firstDay?: string; lastDay?: string; agencyCode?: string },
): Promise<number> {
  const table = statisticsAgencyDays;
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${table.orders}), 0)::int` })
    .from(table)
    .where(
      and(
        range.firstDay ? gte(table.day, range.firstDay) : undefined,
        range.lastDay ? lte(table.day, range.lastDay) : undefined,
        range.agencyCode ? eq(table.agencyCode, range.agencyCode) : undefined,
      ),
    );
  return row!.total;
}

/** First logins ever per Paris day or per hour. */
export function firstLoginFigures(
  db: DbOrTx,
  f: StatisticsFilters,
  by: 'day' | 'hour',
): Promise<FirstLoginRow[]> {
  const t = statisticsFirstLogins;
  const key = by === 'day' ? parisDay(t.firstAt) : hourKey(t.firstAt);
  return db
    .select({ key, firstLogins: sql<number>`count(*)::int` })
    .from(t)
    .where(and(inPeriod(t.firstAt, f), dimensionFilter(t, f)))
    .groupBy(key);
}

/** Logins, orders and amounts per hour without a customer filter, from the hourly rollup. */
export function hourlyFigures(db: DbOrTx, f: StatisticsFilters): Promise<FigureRow[]> {
  const t = statisticsAgencyHours;
  const key = sql<string>`extract(epoch from ${t.hour})::bigint::text`;
  return db
    .select({
      key,
      logins: sql<number>`sum(${t.logins})::int`,
      orders: sql<number>`sum(${t.orders})::int`,
      amountHt: sql<number>`sum(${t.amountHt})::float8`,
    })
    .from(t)
    .where(and(inPeriod(t.hour, f), dimensionFilter(t, f)))
    .groupBy(t.hour);
}

/** Orders and amounts per hour of one customer, from its orders (on the customer's index). */
export function hourlyOrderFigures(db: DbOrTx, f: StatisticsFilters): Promise<FigureRow[]> {
  const key = hourKey(orders.orderedAt);
  const query = db
    .select({
      key,
      logins: sql<number>`0`,
      orders: sql<number>`count(*)::int`,
      amountHt: sql<number>`coalesce(sum(${orders.amountHt}), 0)::float8`,
    })
    .from(orders)
    .$dynamic();
  const filtered =
    f.customerType === undefined
      ? query
      : query.innerJoin(customers, eq(customers.code, orders.customerCode));
  return filtered
    .where(
      and(
        inPeriod(orders.orderedAt, f),
        dimensionFilter(
          {
            agencyCode: orders.agencyCode,
            customerCode: orders.customerCode,
            customerType: customers.typeCode,
          },
          f,
        ),
      ),
    )
    .groupBy(key);
}

/** Logins per hour of one customer, from its login events (agency and type: the customer's now). */
export function hourlyLoginFigures(db: DbOrTx, f: StatisticsFilters): Promise<FigureRow[]> {
  const key = hourKey(loginEvents.at);
  return db
    .select({ key, logins: sql<number>`count(*)::int`, orders: sql<number>`0`, amountHt: sql<number>`0` })
    .from(loginEvents)
    .innerJoin(customers, eq(customers.code, loginEvents.customerCode))
    .where(
      and(
        inPeriod(loginEvents.at, f),
        dimensionFilter(
          {
            agencyCode: customers.agencyCode,
            customerCode: loginEvents.customerCode,
            customerType: customers.typeCode,
          },
          f,
        ),
      ),
    )
    .groupBy(key);
}
