// The buckets of a period in Europe/Paris time, and its rows and totals (statistics.ts describes the
// statistics contract).
import { toParisIsoDateTime } from './orders/export-format';
import {
  addDays,
  dayNumber,
  dayText,
  isoWeek,
  mondayOf,
  parisClock,
  parisMidnight,
} from './statistics-calendar';
import type { Echelle, StatisticsRow } from './statistics-query';

const frenchDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

// ---------------------------------------------------------------- buckets

export interface Bucket {
  code: string;
  libelle: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The bucket code of a Paris day at the scales jour, semaine and mois. */
export function dayBucketCode(day: string, echelle: Exclude<Echelle, 'heure'>): string {
  if (echelle === 'jour') return day;
  if (echelle === 'mois') return day.slice(0, 7);
  const { year, week } = isoWeek(day);
  return `${year}-W${pad(week)}`;
}

/** The bucket code of the hour that starts at `ms` (an instant on a whole UTC hour): Paris time with its offset. */
export function hourBucketCode(ms: number): string {
  const iso = toParisIsoDateTime(new Date(ms));
  return `${iso.slice(0, 14)}00${iso.slice(19)}`;
}

/** The instants (ms) starting each hour of a Paris day: 23, 24 or 25 of them. */
export function hoursOfDay(day: string): number[] {
  const start = parisMidnight(day);
  const end = parisMidnight(addDays(day, 1));
  const hours: number[] = [];
  for (let ms = start; ms < end; ms += 3_600_000) hours.push(ms);
  return hours;
}

function hourBuckets(day: string): Bucket[] {
  const hours = hoursOfDay(day);
  const seen = new Map<number, number>();
  for (const ms of hours) {
    const hour = parisClock(ms).hour;
    seen.set(hour, (seen.get(hour) ?? 0) + 1);
  }
  return hours.map((ms) => {
    const { hour, offsetMinutes } = parisClock(ms);
    // On the 25-hour day one hour of the clock happens twice: summer time, then winter time.
    const repeat =
      (seen.get(hour) ?? 0) > 1 ? (offsetMinutes === 120 ? " (heure d'été)" : " (heure d'hiver)") : '';
    return { code: hourBucketCode(ms), libelle: `${frenchDay(day)} ${pad(hour)}h${repeat}` };
  });
}

/**
 * Every bucket of a period, in time order, empty ones included. A week or month cut by the period
 * keeps its code and label (a week is labelled by its Monday), but counts only the period's days.
 */
export function statisticsBuckets(dateDebut: string, dateFin: string, echelle: Echelle): Bucket[] {
  const buckets: Bucket[] = [];
  const codes = new Set<string>();
  for (let n = dayNumber(dateDebut); n <= dayNumber(dateFin); n++) {
    const day = dayText(n);
    if (echelle === 'heure') {
      buckets.push(...hourBuckets(day));
      continue;
    }
    const bucketCode = dayBucketCode(day, echelle);
    if (codes.has(bucketCode)) continue;
    codes.add(bucketCode);
    const libelle =
      echelle === 'jour'
        ? frenchDay(day)
        : echelle === 'mois'
          ? `${MONTHS[+day.slice(5, 7) - 1]} ${day.slice(0, 4)}`
          : `Semaine ${isoWeek(day).week} (${frenchDay(mondayOf(day))})`;
    buckets.push({ code: bucketCode, libelle });
  }
  return buckets;
}

// ---------------------------------------------------------------- rows

export interface Measures {
  connexions: number;
  commandes: number;
  /** Euros excl. tax. */
  ca: number;
  premiereco: number;
}

export const roundCents = (amount: number): number => Math.round((amount + Number.EPSILON) * 100) / 100;
/** The average basket: ca / commandes, 0 when there is no order. */
export const averageBasket = (ca: number, commandes: number): number =>
  commandes === 0 ? 0 : roundCents(ca / commandes);

/**
 * The rows of a period: figures keyed by bucket code are summed into their bucket (figures outside
 * the period's buckets are ignored); every bucket gets a row.
 */
export function statisticsRows(buckets: Bucket[], figures: Iterable<[string, Measures]>): StatisticsRow[] {
  const sums = new Map<string, Measures>(
    buckets.map((b) => [b.code, { connexions: 0, commandes: 0, ca: 0, premiereco: 0 }]),
  );
  for (const [bucketCode, m] of figures) {
    const sum = sums.get(bucketCode);
    if (!sum) continue;
    sum.connexions += m.connexions;
    sum.commandes += m.commandes;
    sum.ca += m.ca;
    sum.premiereco += m.premiereco;
  }
  return buckets.map((b) => {
    const m = sums.get(b.code)!;
    // Amounts are whole cents: rounding the sum first makes the average independent of the order
    // in which the float additions happened.
    const ca = roundCents(m.ca);
    return { ...b, ...m, ca, camoyen: averageBasket(ca, m.commandes) };
  });
}

/** The totals row of a table: sums, and the average basket of the whole period. */
export function statisticsTotals(rows: StatisticsRow[]): Omit<StatisticsRow, 'code' | 'libelle'> {
  const t = rows.reduce(
    (sum, r) => ({
      connexions: sum.connexions + r.connexions,
      commandes: sum.commandes + r.commandes,
      ca: sum.ca + r.ca,
      premiereco: sum.premiereco + r.premiereco,
    }),
    { connexions: 0, commandes: 0, ca: 0, premiereco: 0 },
  );
  const ca = roundCents(t.ca);
  return { ...t, ca, camoyen: averageBasket(ca, t.commandes) };
}
