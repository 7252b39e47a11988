// The statistics contract and its rules (docs/contract/statistics.md): the filter, the row, the
// buckets of a period in Europe/Paris time, the quick periods, the totals and the CSV file. The API
// groups raw figures by Paris day (or by hour) and this file turns them into rows, so that the
// bucket rules exist once and are unit-tested.
import { z } from 'zod';
import { isCalendarDay } from './orders/contract';
import { toParisIsoDateTime } from './orders/export-format';

export const STATISTICS_SCALES = ['heure', 'jour', 'semaine', 'mois'] as const;
export type Echelle = (typeof STATISTICS_SCALES)[number];

export const SCALE_LABELS: Record<Echelle, string> = {
  heure: 'Heure',
  jour: 'Jour',
  semaine: 'Semaine',
  mois: 'Mois',
};

/**
 * The longest period (in days, both bounds included) each scale accepts: at most 744 hours, about
 * 1 100 days, 260 weeks or 120 months, so that no answer is a runaway.
 */
export const STATISTICS_MAX_DAYS: Record<Echelle, number> = {
  heure: 31,
  jour: 1096,
  semaine: 1827,
  mois: 3653,
};
const MAX_DAYS_TEXT: Record<Echelle, string> = {
  heure: '31 jours',
  jour: '3 ans',
  semaine: '5 ans',
  mois: '10 ans',
};

/** Rows per page of the 'Tableau de données'. */
export const STATISTICS_PAGE_SIZE = 15;
/** The default period: the last 30 days, today included. */
export const STATISTICS_DEFAULT_DAYS = 30;
/** Agencies one filter may name. */
export const STATISTICS_MAX_AGENCIES = 200;
/** The earliest and latest days a period may touch. */
export const STATISTICS_FIRST_DAY = '2000-01-01';
export const STATISTICS_LAST_DAY = '2099-12-31';

// ---------------------------------------------------------------- calendar days (no time zone)

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' → days since 1970-01-01. */
export function dayNumber(day: string): number {
  return Math.round(Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)) / DAY_MS);
}
/** Days since 1970-01-01 → 'YYYY-MM-DD'. */
export function dayText(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}
export const addDays = (day: string, days: number): string => dayText(dayNumber(day) + days);
/** Days of a period, both bounds included. */
export const periodLength = (dateDebut: string, dateFin: string): number =>
  dayNumber(dateFin) - dayNumber(dateDebut) + 1;
/** ISO weekday: 1 Monday … 7 Sunday. */
const isoWeekday = (day: string): number => ((((dayNumber(day) + 3) % 7) + 7) % 7) + 1;
export const mondayOf = (day: string): string => addDays(day, 1 - isoWeekday(day));
const frenchDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The ISO week of a day: its year (the year of its Thursday) and number. */
export function isoWeek(day: string): { year: number; week: number } {
  const thursday = addDays(day, 4 - isoWeekday(day));
  const year = +thursday.slice(0, 4);
  const week = Math.floor((dayNumber(thursday) - dayNumber(`${year}-01-01`)) / 7) + 1;
  return { year, week };
}

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

// ---------------------------------------------------------------- Europe/Paris instants

/** Paris wall clock of an instant (ms): 'YYYY-MM-DD', hour, and the offset to UTC in minutes. */
export function parisClock(ms: number): { day: string; hour: number; offsetMinutes: number } {
  // '2024-03-05T14:30:00+01:00'
  const iso = toParisIsoDateTime(new Date(ms));
  const sign = iso[19] === '-' ? -1 : 1;
  return {
    day: iso.slice(0, 10),
    hour: +iso.slice(11, 13),
    offsetMinutes: sign * (+iso.slice(20, 22) * 60 + +iso.slice(23, 25)),
  };
}

/** The Paris calendar day of an instant (ms). */
export const parisDay = (ms: number): string => parisClock(ms).day;

/** The instant (ms) of midnight in Paris at the start of `day` (never inside a DST change in France). */
export function parisMidnight(day: string): number {
  const wall = dayNumber(day) * DAY_MS;
  let ms = wall - parisClock(wall).offsetMinutes * 60_000;
  ms = wall - parisClock(ms).offsetMinutes * 60_000;
  return ms;
}

// ---------------------------------------------------------------- the filter

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const code = (field: string) =>
  z
    .string({ error: `${field} : code attendu` })
    .trim()
    .min(1, { error: `${field} : code attendu` })
    .max(50, { error: `${field} : 50 caractères au maximum` });

/**
 * A required Paris day, its messages naming the field in French words (`label`: 'Date de début'):
 * 'Date de début obligatoire', 'Date de début invalide : une date au format AAAA-MM-JJ est attendue',
 * 'La date de début 2026-02-30 n'existe pas', 'Date de début entre le 01/01/2000 et le 31/12/2099
 * attendue'.
 */
function requiredDay(label: string) {
  const lower = label.charAt(0).toLowerCase() + label.slice(1);
  return z.preprocess(
    blankToUndefined,
    z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? `${label} obligatoire`
            : `${label} invalide : une date au format AAAA-MM-JJ est attendue`,
      })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, {
        error: `${label} invalide : une date au format AAAA-MM-JJ est attendue`,
        abort: true,
      })
      .refine(isCalendarDay, {
        error: (issue) => `La ${lower} ${String(issue.input)} n'existe pas`,
        abort: true,
      })
      .refine((day) => day >= STATISTICS_FIRST_DAY && day <= STATISTICS_LAST_DAY, {
        error: `${label} entre le 01/01/2000 et le 31/12/2099 attendue`,
      }),
  );
}

/** The French refusal of a period too long for its scale, or null when it fits. */
export function periodLimitError(dateDebut: string, dateFin: string, echelle: Echelle): string | null {
  return periodLength(dateDebut, dateFin) > STATISTICS_MAX_DAYS[echelle]
    ? `Période trop longue pour l'échelle « ${echelle} » : ${MAX_DAYS_TEXT[echelle]} au maximum`
    : null;
}

/**
 * Query of GET /admin/statistiques/fetch and GET /admin/statistiques/csv.
 * - agences[]: agency codes, repeated (`agences[]=A&agences[]=B`); none means every agency.
 * - client: a customer code; typeClient: a customer-type code (VAL).
 * - dateDebut, dateFin: required Paris days, both included, dateDebut ≤ dateFin.
 * - echelle: heure, jour, semaine or mois; the period may not exceed STATISTICS_MAX_DAYS[echelle].
 */
export const statisticsQuery = z
  .object({
    'agences[]': z.preprocess(
      (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
      z
        .array(code('agences[]'), { error: 'agences[] : liste de codes attendue' })
        .max(STATISTICS_MAX_AGENCIES, { error: `agences[] : ${STATISTICS_MAX_AGENCIES} agences au maximum` }),
    ),
    client: z.preprocess(blankToUndefined, code('client').optional()),
    typeClient: z.preprocess(blankToUndefined, code('typeClient').optional()),
    dateDebut: requiredDay('Date de début'),
    dateFin: requiredDay('Date de fin'),
    echelle: z.enum(STATISTICS_SCALES, { error: 'echelle : heure, jour, semaine ou mois attendu' }),
  })
  .superRefine((q, ctx) => {
    if (q.dateDebut > q.dateFin) {
      ctx.addIssue({
        code: 'custom',
        path: ['dateFin'],
        message: 'La date de début doit précéder la date de fin',
      });
      return;
    }
    const tooLong = periodLimitError(q.dateDebut, q.dateFin, q.echelle);
    if (tooLong) ctx.addIssue({ code: 'custom', path: ['dateFin'], message: tooLong });
  });
export type StatisticsQuery = z.output<typeof statisticsQuery>;
export type StatisticsQueryInput = z.input<typeof statisticsQuery>;

/** One bucket: code is its key, libelle its French label; ca and camoyen in euros excl. tax, 2 decimals. */
export const statisticsRow = z.object({
  code: z.string(),
  libelle: z.string(),
  connexions: z.number().int(),
  commandes: z.number().int(),
  ca: z.number(),
  camoyen: z.number(),
  premiereco: z.number().int(),
});
export type StatisticsRow = z.infer<typeof statisticsRow>;
/** Answer of GET /admin/statistiques/fetch: one row per bucket of the period, in time order. */
export const statisticsResponse = z.array(statisticsRow);

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

// ---------------------------------------------------------------- columns and CSV

export const STATISTICS_COLUMNS: Record<keyof StatisticsRow, string> = {
  code: 'Code',
  libelle: 'Libellé',
  connexions: 'Connexions',
  commandes: 'Commandes',
  ca: "Chiffre d'affaires HT",
  camoyen: 'Panier moyen HT',
  premiereco: 'Premières connexions',
};
export const STATISTICS_COLUMN_ORDER = [
  'code',
  'libelle',
  'connexions',
  'commandes',
  'ca',
  'camoyen',
  'premiereco',
] as const satisfies readonly (keyof StatisticsRow)[];

const csvCell = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csvAmount = (amount: number) => amount.toFixed(2).replace('.', ',');

/**
 * The CSV file of the rows: UTF-8 with a byte-order mark (French Excel then reads the accents), ';'
 * between cells, CRLF line ends, a header row, amounts with a decimal comma and no euro sign.
 */
export function statisticsCsv(rows: StatisticsRow[]): string {
  const lines = [STATISTICS_COLUMN_ORDER.map((c) => csvCell(STATISTICS_COLUMNS[c])).join(';')];
  for (const r of rows) {
    lines.push(
      [
        csvCell(r.code),
        csvCell(r.libelle),
        String(r.connexions),
        String(r.commandes),
        csvAmount(r.ca),
        csvAmount(r.camoyen),
        String(r.premiereco),
      ].join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The CSV's file name: statistiques_{echelle}_{dateDebut}_{dateFin}.csv. */
export const statisticsCsvFileName = (q: Pick<StatisticsQuery, 'echelle' | 'dateDebut' | 'dateFin'>) =>
  `statistiques_${q.echelle}_${q.dateDebut}_${q.dateFin}.csv`;

// ---------------------------------------------------------------- quick periods

export const QUICK_PERIODS = [
  'aujourdhui',
  'semaine',
  'mois',
  'annee',
  'hier',
  'semainePrecedente',
  'moisPrecedent',
  'anneePrecedente',
] as const;
export type QuickPeriod = (typeof QUICK_PERIODS)[number];
export const QUICK_PERIOD_LABELS: Record<QuickPeriod, string> = {
  aujourdhui: "Aujourd'hui",
  semaine: 'Cette semaine',
  mois: 'Ce mois',
  annee: 'Cette année',
  hier: 'Hier',
  semainePrecedente: 'Semaine -1',
  moisPrecedent: 'Mois -1',
  anneePrecedente: 'Année -1',
};

export interface Period {
  dateDebut: string;
  dateFin: string;
  echelle: Echelle;
}

/** The period of a quick-period button, `today` being the Paris day. */
export function quickPeriod(key: QuickPeriod, today: string): Period {
  const firstOfMonth = `${today.slice(0, 8)}01`;
  const year = +today.slice(0, 4);
  switch (key) {
    case 'aujourdhui':
      return { dateDebut: today, dateFin: today, echelle: 'heure' };
    case 'semaine':
      return { dateDebut: mondayOf(today), dateFin: today, echelle: 'jour' };
    case 'mois':
      return { dateDebut: firstOfMonth, dateFin: today, echelle: 'semaine' };
    case 'annee':
      return { dateDebut: `${year}-01-01`, dateFin: today, echelle: 'mois' };
    case 'hier': {
      const yesterday = addDays(today, -1);
      return { dateDebut: yesterday, dateFin: yesterday, echelle: 'heure' };
    }
    case 'semainePrecedente': {
      const lastSunday = addDays(mondayOf(today), -1);
      return { dateDebut: addDays(lastSunday, -6), dateFin: lastSunday, echelle: 'jour' };
    }
    case 'moisPrecedent': {
      const lastDay = addDays(firstOfMonth, -1);
      return { dateDebut: `${lastDay.slice(0, 8)}01`, dateFin: lastDay, echelle: 'semaine' };
    }
    case 'anneePrecedente':
      return { dateDebut: `${year - 1}-01-01`, dateFin: `${year - 1}-12-31`, echelle: 'mois' };
  }
}

/** The page's first search: the last 30 days by day, today included. */
export const defaultPeriod = (today: string): Period => ({
  dateDebut: addDays(today, 1 - STATISTICS_DEFAULT_DAYS),
  dateFin: today,
  echelle: 'jour',
});
