// The ERP import pipeline (docs/import-erp.md): a dropped or uploaded file is claimed, its CSV files
// (one, or each of a ZIP) are read as a stream and imported one transaction each, in batches through
// the owning modules' services; every CSV gets a row of the import history with its counts, its
// progress while it runs and its report. One import per kind at a time on every instance (an
// advisory lock); a server that dies mid-way leaves its transaction rolled back and the file is put
// back in the queue by the next instance that looks (see drop-folder.ts).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '@comptoir/db/client';
import { csvLine, CsvLineTooLongError, CsvSyntaxError, readCsv } from '@comptoir/shared/imports/csv';
import {
  createCsvTextDecoder,
  type EncodingSetting,
  type TextEncoding,
} from '@comptoir/shared/imports/encoding';
import {
  IMPORT_HISTORY_PAGE_SIZE,
  IMPORT_PAGE_MESSAGES,
  IMPORT_REPORT_MAX_REJECTS,
  REPORT_HEADER,
  type ImportDetail,
  type ImportList,
  type ImportRejet,
  type ImportSource,
  type ImportSummary,
  type ImportUploadResponse,
} from '@comptoir/shared/imports/contract';
import {
  IMPORT_LIMIT_DEFAULTS,
  IMPORT_MESSAGES,
  kindFromMarker,
  kindFromName,
  RowReader,
  type ImportKind,
  type RowProblem,
} from '@comptoir/shared/imports/kinds';
import { nameInState, QUEUED_FILE_EXTENSIONS } from '@comptoir/shared/imports';
import { badRequest, HttpError, notFound } from '../../errors';
import { applierFor } from './appliers';
import { emptyCounts, type BatchContext, type ImportCounts, type Line } from './appliers/helpers';
import { replayStagedWrites, runWrite, type WriteOp } from './appliers/write-ops';
import * as repo from './imports.repository';
import {
  BadArchiveError,
  countLines,
  EntryTooLargeError,
  openSource,
  RefusedFileError,
  type CsvEntry,
  type ImportLimits,
} from './sources';

/** Rows written per statement. */
const BATCH_SIZE = 1000;
/** How often a running import writes its progress and heartbeat. */
const PROGRESS_EVERY_MS = 1000;

export interface ImportRuntime {
  db: Database;
  importsDir: string;
  /** Where the documents kind puts the PDFs (FILES_DIR/documents). */
  documentsDir: string;
  log: FastifyBaseLogger;
  /** Check by batches between which other requests are served, then write in one go (PGlite). */
  staged: boolean;
  /** The CSV files' encoding, or 'auto' to detect it per file (IMPORT_ENCODING). */
  encoding: EncodingSetting;
  /** The bounds of a file (docs/import-erp.md, Limits); IMPORT_LIMIT_DEFAULTS when not given. */
  limits?: ImportLimits;
}

const limitsOf = (runtime: ImportRuntime): ImportLimits => runtime.limits ?? IMPORT_LIMIT_DEFAULTS;

/** The progress of the imports this instance runs (the page reads it even while a transaction holds the database). */
const live = new Map<number, { rowsDone: number; rowsTotal: number | null }>();

/** The imports of uploaded files under way (the app waits for them before closing the database). */
const uploads = new Set<Promise<unknown>>();
export const uploadsDone = () => Promise.all([...uploads]);

/** The files this process is importing: their `.encours` is no dead import's. */
const claimedHere = new Set<string>();
export const claimedByThisProcess = (queuedName: string) => claimedHere.has(queuedName);

class Rejected extends Error {}

interface EntryResult {
  kind: ImportKind | null;
  counts: ImportCounts;
  problems: RowProblem[];
  rejectCount: number;
  message: string | null;
  /** The encoding the file was read in, once known. */
  encoding: TextEncoding | null;
}

/** One import of each kind at a time in this process (the staged imports, across their transactions). */
const kindTurns = new Map<ImportKind, Promise<unknown>>();
async function inKindTurn<T>(kind: ImportKind, work: () => Promise<T>): Promise<T> {
  const previous = kindTurns.get(kind) ?? Promise.resolve();
  const mine = previous.catch(() => {}).then(work);
  kindTurns.set(kind, mine);
  try {
    return await mine;
  } finally {
    if (kindTurns.get(kind) === mine) kindTurns.delete(kind);
  }
}

/**
 * Imports one CSV: header, rows, one transaction; any problem and nothing is written.
 *
 * Direct (PostgreSQL): the rows are checked and written batch by batch in the file's transaction.
 * Staged (PGlite, whose one connection a transaction holds): each batch is checked in its own short
 * transaction and its writes recorded in import_staged_writes, so that the storefront and the progress
 * are served between batches; a file without a rejected row then replays its writes in one
 * transaction. Either way a file with a bad row writes nothing, and a server killed in the middle
 * leaves at most recorded writes, which the next import drops.
 */
async function importCsv(
  runtime: ImportRuntime,
  jobId: number,
  entry: CsvEntry,
  stream: Readable,
  progress: { rowsDone: number },
): Promise<EntryResult> {
  const { db } = runtime;
  const name = entry.name;
  const counts = emptyCounts();
  const problems: RowProblem[] = [];
  let rejectCount = 0;
  const decoder = createCsvTextDecoder(runtime.encoding);
  const fail = (message: string, kind: ImportKind | null = null): EntryResult => ({
    kind,
    counts,
    problems,
    rejectCount,
    message,
    encoding: decoder.encoding,
  });
  const records = readCsv(stream as AsyncIterable<Uint8Array>, {
    decoder,
    maxLineBytes: limitsOf(runtime).maxLineBytes,
  });
  /** The job's message when a limit refused the file. */
  let limitMessage: string | null = null;
  let kind = kindFromName(name);
  /** Undoes what the applier did outside the database, when the file is not imported. */
  let discard: (() => Promise<void>) | undefined;
  try {
    let first = await records.next();
    if (first.done) return fail(IMPORT_MESSAGES.empty, kind);
    const marker = kindFromMarker(first.value.fields);
    if (marker) {
      if (marker.problem) return fail(marker.problem, marker.kind);
      kind = marker.kind;
      first = await records.next();
      if (first.done) return fail(IMPORT_MESSAGES.empty, kind);
    }
    if (!kind) return fail(IMPORT_MESSAGES.unknownKind);
    const reader = new RowReader(kind, first.value.fields);
    if (reader.headerProblems.length) return fail(reader.headerProblems.join(' ; '), kind);
    const applier = applierFor(kind);
    discard = applier.discard;
    const seen = new Map<string, number>();
    const fileKind = kind;
    const direct = (tx: DbOrTx) => (op: WriteOp, rows: unknown[]) => runWrite(tx, op, rows as never);
    const ctx: BatchContext = {
      tx: db,
      counts,
      write: true,
      reject: (problem: RowProblem) => {
        rejectCount++;
        ctx.write = false;
        if (problems.length < IMPORT_REPORT_MAX_REJECTS) problems.push(problem);
      },
      save: direct(db),
      files: { documentsDir: runtime.documentsDir, openSibling: entry.openSibling },
    };
    /** Reads the rows and hands them to `apply` by batches. */
    const readBatches = async (apply: (batch: Line<typeof fileKind>[]) => Promise<void>) => {
      let batch: Line<typeof fileKind>[] = [];
      for await (const record of records) {
        counts.read++;
        progress.rowsDone++;
        const result = reader.read(record.line, record.fields);
        if ('problems' in result) {
          for (const problem of result.problems) ctx.reject(problem);
          continue;
        }
        const key = applier.key(result.row);
        const firstLine = seen.get(key);
        if (firstLine !== undefined) {
          ctx.reject({ line: record.line, column: null, reason: IMPORT_MESSAGES.duplicateKey(firstLine) });
          continue;
        }
        seen.set(key, record.line);
        batch.push({ line: record.line, row: result.row });
        if (batch.length >= BATCH_SIZE) {
          await apply(batch);
          batch = [];
        }
      }
      if (batch.length) await apply(batch);
    };
    // The documents kind writes its index through the documents service, not as staged writes: it
    // always runs in one transaction.
    if (!runtime.staged || fileKind === 'documents')
      await db.transaction(async (tx: DbOrTx) => {
        await repo.lockKind(tx, fileKind);
        ctx.tx = tx;
        ctx.save = direct(tx);
        await readBatches((batch) => applier.apply(ctx, batch));
        if (applier.finish) await applier.finish(ctx);
        if (rejectCount) throw new Rejected();
      });
    else
      await inKindTurn(fileKind, async () => {
        let staged = 0;
        await repo.clearStagedWrites(db, jobId);
        try {
          await readBatches((batch) =>
            db.transaction(async (tx: DbOrTx) => {
              ctx.tx = tx;
              ctx.save = async (op, rows) => {
                if (rows.length) await repo.stageWrite(tx, { jobId, seq: staged++, op, rows });
              };
              await applier.apply(ctx, batch);
            }),
          );
          if (rejectCount) throw new Rejected();
          await db.transaction(async (tx: DbOrTx) => {
            await repo.lockKind(tx, fileKind);
            await replayStagedWrites(tx, {
              rowsOf: (op, first, last) => repo.stagedRowsOf(jobId, op, first, last),
              seqsOf: (reader, op) => repo.stagedSeqsOf(reader, jobId, op),
              rowsAt: (reader, seq) => repo.stagedRowsAt(reader, jobId, seq),
            });
            ctx.tx = tx;
            ctx.save = direct(tx);
            if (applier.finish) await applier.finish(ctx);
            if (rejectCount) throw new Rejected();
          });
        } finally {
          await repo.clearStagedWrites(db, jobId);
        }
      });
  } catch (error) {
    await discard?.();
    if (error instanceof CsvSyntaxError) {
      rejectCount++;
      problems.push({ line: error.line, column: null, reason: error.message });
      if (error instanceof CsvLineTooLongError)
        limitMessage = IMPORT_MESSAGES.atLine(error.line, error.message);
    } else if (!(error instanceof Rejected)) throw error;
  }
  if (rejectCount) {
    const rolledBack = { ...emptyCounts(), read: counts.read };
    return {
      kind,
      counts: rolledBack,
      problems,
      rejectCount,
      message: limitMessage,
      encoding: decoder.encoding,
    };
  }
  return { kind, counts, problems, rejectCount, message: null, encoding: decoder.encoding };
}

/** Runs one CSV entry as one import of the history; true when it was imported. */
async function runEntry(
  runtime: ImportRuntime,
  fileName: string,
  entry: CsvEntry,
  source: ImportSource,
): Promise<boolean> {
  const { db, log } = runtime;
  const id = await repo.insertJob(db, {
    fileName,
    entryName: entry.name,
    kind: kindFromName(entry.name),
    source,
  });
  const progress = { rowsDone: 0, rowsTotal: null as number | null };
  live.set(id, progress);
  // The heartbeat: one write at a time, never awaited by the import (on PGlite it waits for the
  // import's transaction; the page then reads the progress from `live`).
  let writing = false;
  const beat = setInterval(() => {
    if (writing) return;
    writing = true;
    repo
      .touchJob(db, id, progress)
      .catch((error: unknown) => log.warn({ err: error }, 'progression de l’import non enregistrée'))
      .finally(() => (writing = false));
  }, PROGRESS_EVERY_MS);
  try {
    const lines = await countLines(await entry.open(), limitsOf(runtime).maxLineBytes);
    progress.rowsTotal = Math.max(0, lines - 1); // the header (a marker line counts once more, then is fixed at the end)
    const result = await importCsv(runtime, id, entry, await entry.open(), progress);
    const rejets: ImportRejet[] = result.problems.map((p) => ({
      fichier: entry.name,
      ligne: p.line,
      colonne: p.column,
      motif: p.reason,
    }));
    const ok = !result.message && result.rejectCount === 0;
    await repo.updateJob(db, id, {
      kind: result.kind,
      status: ok ? 'ok' : 'erreur',
      rowsTotal: result.counts.read,
      rowsDone: result.counts.read,
      ...result.counts,
      rejectCount: result.rejectCount,
      rejects: rejets,
      message: result.message,
      encoding: result.encoding,
      finishedAt: new Date(),
    });
    return ok;
  } catch (error) {
    if (error instanceof CsvLineTooLongError) {
      // Found while counting the lines, before the file was parsed.
      const rejects = [{ fichier: entry.name, ligne: error.line, colonne: null, motif: error.message }];
      const message = IMPORT_MESSAGES.atLine(error.line, error.message);
      await repo.updateJob(db, id, {
        status: 'erreur',
        rejectCount: 1,
        rejects,
        message,
        finishedAt: new Date(),
      });
      return false;
    }
    const message =
      error instanceof BadArchiveError
        ? IMPORT_MESSAGES.badZip
        : error instanceof EntryTooLargeError || error instanceof RefusedFileError
          ? error.message
          : IMPORT_MESSAGES.unexpected;
    if (!(
      error instanceof BadArchiveError ||
      error instanceof EntryTooLargeError ||
      error instanceof RefusedFileError
    ))
      log.error({ err: error, fileName, entry: entry.name }, 'import en échec');
    await repo.updateJob(db, id, { status: 'erreur', message, finishedAt: new Date() });
    return false;
  } finally {
    clearInterval(beat);
    live.delete(id);
  }
}

/**
 * Imports a file already claimed (named `<queuedName>.encours` in the drop folder), then renames it
 * `.ok` or `.err`. Returns whether every CSV of it was imported.
 */
export async function importClaimedFile(
  runtime: ImportRuntime,
  queuedName: string,
  source: ImportSource,
): Promise<boolean> {
  const claimed = path.join(runtime.importsDir, nameInState(queuedName, 'running'));
  claimedHere.add(queuedName);
  try {
    return await importClaimed(runtime, claimed, queuedName, source);
  } finally {
    claimedHere.delete(queuedName);
  }
}

async function importClaimed(
  runtime: ImportRuntime,
  claimed: string,
  queuedName: string,
  source: ImportSource,
): Promise<boolean> {
  /** A history row for a file (or a file of the archive) that could not be read at all. */
  const refuse = async (message: string, entryName = queuedName) => {
    await refuseFile(runtime.db, { fileName: queuedName, entryName, kind: null, source }, message);
    return false;
  };
  let ok = true;
  try {
    const opened = await openSource(claimed, queuedName, limitsOf(runtime));
    try {
      for (const { name, message } of opened.refused) {
        runtime.log.warn({ file: queuedName, entry: name, reason: message }, 'fichier d’import refusé');
        ok = await refuse(message, name);
      }
      if (!opened.entries.length && !opened.refused.length) ok = await refuse(IMPORT_MESSAGES.emptyZip);
      for (const entry of opened.entries) ok = (await runEntry(runtime, queuedName, entry, source)) && ok;
    } finally {
      opened.close();
    }
  } catch (error) {
    const known = error instanceof BadArchiveError || error instanceof RefusedFileError;
    if (!known) runtime.log.error({ err: error, queuedName }, 'import en échec');
    ok = await refuse(
      error instanceof RefusedFileError
        ? error.message
        : error instanceof BadArchiveError
          ? IMPORT_MESSAGES.badZip
          : IMPORT_MESSAGES.unexpected,
    );
  }
  await fs.promises.rename(
    claimed,
    path.join(runtime.importsDir, nameInState(queuedName, ok ? 'imported' : 'refused')),
  );
  return ok;
}

/** A finished history row that says why a file was not imported. */
export async function refuseFile(db: Database, job: repo.NewImportJob, message: string): Promise<void> {
  const id = await repo.insertJob(db, job);
  await repo.updateJob(db, id, { status: 'erreur', message, finishedAt: new Date() });
}

// ---------------------------------------------------------------- the page

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

/** A file name safe in the drop folder: no path, only plain characters. */
function safeName(original: string): string {
  const base = path.basename(original.replaceAll('\\', '/'));
  return base
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^[._]+/, '')
    .slice(-120);
}

/**
 * An uploaded file: written under a temporary name, then claimed at once (renamed `.encours`) and
 * imported in the background; the page follows it in the history.
 */
export async function acceptUpload(
  runtime: ImportRuntime,
  upload: { filename: string; file: Readable & { truncated?: boolean } },
): Promise<ImportUploadResponse> {
  const base = safeName(upload.filename);
  if (!QUEUED_FILE_EXTENSIONS.some((ext) => base.toLowerCase().endsWith(ext))) {
    upload.file.resume();
    throw badRequest(IMPORT_PAGE_MESSAGES.badExtension);
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  // The original name first: it may say the kind (articles…).
  const ext = path.extname(base);
  const queuedName = `${base.slice(0, -ext.length)}-${stamp}-${randomBytes(3).toString('hex')}${ext.toLowerCase()}`;
  const temp = path.join(runtime.importsDir, `.envoi-${randomBytes(8).toString('hex')}.part`);
  try {
    await pipeline(upload.file, fs.createWriteStream(temp, { flags: 'wx' }));
    if (upload.file.truncated) throw new HttpError(413, IMPORT_PAGE_MESSAGES.tooLarge);
    await fs.promises.rename(temp, path.join(runtime.importsDir, nameInState(queuedName, 'running')));
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
  const work = importClaimedFile(runtime, queuedName, 'page')
    .catch((error: unknown) => runtime.log.error({ err: error, queuedName }, 'import en échec'))
    .finally(() => uploads.delete(work));
  uploads.add(work);
  return { fichier: queuedName, message: IMPORT_PAGE_MESSAGES.uploaded(queuedName) };
}
