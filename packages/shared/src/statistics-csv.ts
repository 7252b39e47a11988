// The statistics' columns and CSV file (statistics.ts describes the statistics contract).
import type { StatisticsQuery, StatisticsRow } from './statistics-query';

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
