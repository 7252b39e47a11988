// The statistics' scales, their filter and their row (statistics.ts describes the statistics contract).
import { z } from 'zod';
import { isCalendarDay } from './orders/contract';
import { periodLength } from './statistics-calendar';

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
