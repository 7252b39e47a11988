// The import page's reads (docs/import-erp.md): the running imports and the history, one import's
// detail and its report as a CSV file.
import type { DbOrTx } from '@comptoir/db/client';
import { csvLine } from '@comptoir/shared/imports/csv';
import {
  IMPORT_HISTORY_PAGE_SIZE,
  IMPORT_PAGE_MESSAGES,
  REPORT_HEADER,
  type ImportDetail,
  type ImportList,
  type ImportSummary,
} from '@comptoir/shared/imports/contract';
import { notFound } from '../../errors';
import * as repo from './imports.repository';
import { live } from './runtime';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function toSummary(row: repo.ImportJobRow): ImportSummary {
  const running = live.get(row.id);
  return {
    id: row.id,
    fichier: row.fileName,
    entree: row.entryName,
    type: row.kind,
    statut: row.status,
    source: row.source,
    lignesTotal: running ? running.rowsTotal : row.rowsTotal,
    lignesTraitees: running ? running.rowsDone : row.rowsDone,
    lues: row.read,
    creees: row.created,
    modifiees: row.updated,
    inchangees: row.unchanged,
    desactivees: row.deactivated,
    rejets: row.rejectCount,
    debut: seconds(row.startedAt),
    fin: row.finishedAt ? seconds(row.finishedAt) : null,
    message: row.message,
    encodage: row.encoding,
  };
}

export async function listImports(db: DbOrTx, page: number): Promise<ImportList> {
  const [running, history, total] = await Promise.all([
    repo.runningJobs(db),
    repo.finishedJobs(db, { offset: page * IMPORT_HISTORY_PAGE_SIZE, limit: IMPORT_HISTORY_PAGE_SIZE }),
    repo.countFinishedJobs(db),
  ]);
  return { enCours: running.map(toSummary), historique: history.map(toSummary), total };
}

export async function importDetail(db: DbOrTx, id: number): Promise<ImportDetail> {
  const row = await repo.findJob(db, id);
  if (!row) throw notFound(IMPORT_PAGE_MESSAGES.notFound);
  return { ...toSummary(row), lignesRejetees: row.rejects };
}

/** The report as a CSV file: a summary line per count, then every rejected row. */
export async function importReport(db: DbOrTx, id: number): Promise<string> {
  const detail = await importDetail(db, id);
  const lines = [
    csvLine(['import', detail.id]),
    csvLine(['fichier', detail.fichier]),
    csvLine(['entree', detail.entree]),
    csvLine(['type', detail.type]),
    csvLine(['statut', detail.statut]),
    ...(detail.encodage ? [csvLine(['encodage', detail.encodage])] : []),
    ...(['lues', 'creees', 'modifiees', 'inchangees', 'desactivees', 'rejets'] as const).map((k) =>
      csvLine([k, detail[k]]),
    ),
    ...(detail.message ? [csvLine(['message', detail.message])] : []),
    '',
    csvLine([...REPORT_HEADER]),
    ...detail.lignesRejetees.map((r) => csvLine([r.fichier, r.ligne, r.colonne, r.motif])),
  ];
  if (detail.rejets > detail.lignesRejetees.length)
    lines.push(csvLine(['', '', '', `… et ${detail.rejets - detail.lignesRejetees.length} autres rejets`]));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
