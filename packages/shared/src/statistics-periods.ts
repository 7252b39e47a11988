// The quick periods of the statistics page and its first search (statistics.ts describes the
// statistics contract).
import { addDays, mondayOf } from './statistics-calendar';
import { STATISTICS_DEFAULT_DAYS, type Echelle } from './statistics-query';

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
