// The statistics page's figures (docs/contract/statistics.md): checks the filter's codes, reads the
// figures per Paris day (rollups) or per hour (raw rows), and folds them into the period's buckets
// with the rules of packages/shared/src/statistics.ts.
import type { DbOrTx } from '@comptoir/db/client';
import {
  addDays,
  dayBucketCode,
  hourBucketCode,
  parisMidnight,
  statisticsBuckets,
  statisticsCsv,
  statisticsCsvFileName,
  statisticsRows,
  type Measures,
  type StatisticsQuery,
  type StatisticsRow,
} from '@comptoir/shared/statistics';
import { badRequest } from '../../errors';
import { findCustomer, listAgencies, listCustomerTypes } from '../reference/reference.service';
import * as repo from './statistics.repository';

/**
 * How many orders were placed on these Paris days (both included, either open), in one agency or all,
 * read from the day rollup: the orders list's total for a date filter, without counting the orders.
 */
export const ordersOnDays = (
  db: DbOrTx,
  range: { firstDay?: string; lastDay?: string; agencyCode?: string },
): Promise<number> => repo.ordersOnDays(db, range);

/** The filter as the repository reads it; refuses unknown agencies, customer or customer type. */
export async function toFilters(db: DbOrTx, q: StatisticsQuery): Promise<repo.StatisticsFilters> {
  const agencyCodes = [...new Set(q['agences[]'])];
  const [agencies, types, customer] = await Promise.all([
    agencyCodes.length ? listAgencies(db) : [],
    q.typeClient !== undefined ? listCustomerTypes(db) : [],
    q.client !== undefined ? findCustomer(db, q.client) : undefined,
  ]);
  const known = new Set(agencies.map((a) => a.code_agence));
  const unknown = agencyCodes.find((code) => !known.has(code));
  if (unknown !== undefined) throw badRequest(`Agence inconnue : ${unknown}`);
  if (q.client !== undefined && !customer) throw badRequest(`Client inconnu : ${q.client}`);
  if (q.typeClient !== undefined && !types.some((t) => t.VAL === q.typeClient))
    throw badRequest(`Type de client inconnu : ${q.typeClient}`);
  return {
    agencyCodes,
    customerCode: q.client,
    customerType: q.typeClient,
    from: new Date(parisMidnight(q.dateDebut)),
    to: new Date(parisMidnight(addDays(q.dateFin, 1))),
    firstDay: q.dateDebut,
    lastDay: q.dateFin,
  };
}

const measures = (row: repo.FigureRow): Measures => ({
  connexions: Number(row.logins),
  commandes: Number(row.orders),
  ca: Number(row.amountHt),
  premiereco: 0,
});
const firstLogins = (row: repo.FirstLoginRow): Measures => ({
  connexions: 0,
  commandes: 0,
  ca: 0,
  premiereco: Number(row.firstLogins),
});

/** GET /admin/statistiques/fetch: one row per bucket of the period, empty ones included, in time order. */
export async function statisticsFor(db: DbOrTx, q: StatisticsQuery): Promise<StatisticsRow[]> {
  const filters = await toFilters(db, q);
  const buckets = statisticsBuckets(q.dateDebut, q.dateFin, q.echelle);
  if (q.echelle === 'heure') {
    // A customer's hours from its own rows (its indexes); otherwise the hourly rollup.
    const [figureRows, firstRows] = await Promise.all([
      filters.customerCode === undefined
        ? repo.hourlyFigures(db, filters)
        : Promise.all([repo.hourlyOrderFigures(db, filters), repo.hourlyLoginFigures(db, filters)]).then(
            (r) => r.flat(),
          ),
      repo.firstLoginFigures(db, filters, 'hour'),
    ]);
    const code = (key: string) => hourBucketCode(Number(key) * 1000);
    return statisticsRows(buckets, [
      ...figureRows.map((r): [string, Measures] => [code(r.key), measures(r)]),
      ...firstRows.map((r): [string, Measures] => [code(r.key), firstLogins(r)]),
    ]);
  }
  const echelle = q.echelle;
  const [dayRows, firstRows] = await Promise.all([
    repo.dailyFigures(db, filters),
    repo.firstLoginFigures(db, filters, 'day'),
  ]);
  return statisticsRows(buckets, [
    ...dayRows.map((r): [string, Measures] => [dayBucketCode(r.key, echelle), measures(r)]),
    ...firstRows.map((r): [string, Measures] => [dayBucketCode(r.key, echelle), firstLogins(r)]),
  ]);
}

/** GET /admin/statistiques/csv: the same rows as a CSV file, and its name. */
export async function statisticsCsvFile(
  db: DbOrTx,
  q: StatisticsQuery,
): Promise<{ fileName: string; content: string }> {
  return { fileName: statisticsCsvFileName(q), content: statisticsCsv(await statisticsFor(db, q)) };
}
