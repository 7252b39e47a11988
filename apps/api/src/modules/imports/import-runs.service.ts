// The run of a claimed file (docs/import-erp.md): its CSV files (one, or each of a ZIP) imported one
// after the other, each with a row of the import history that holds its counts, its progress while it
// runs and its report; the file is then renamed `.ok` or `.err`. A server that dies mid-way leaves its
// transaction rolled back and the file is put back in the queue by the next instance that looks (see
// drop-folder.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '@comptoir/db/client';
import { CsvLineTooLongError } from '@comptoir/shared/imports/csv';
import type { ImportRejet, ImportSource } from '@comptoir/shared/imports/contract';
import { IMPORT_MESSAGES, kindFromName } from '@comptoir/shared/imports/kinds';
import { nameInState } from '@comptoir/shared/imports';
import { importCsv } from './csv-import';
import * as repo from './imports.repository';
import { limitsOf, live, type ImportRuntime } from './runtime';
import {
  BadArchiveError,
  countLines,
  EntryTooLargeError,
  openSource,
  RefusedFileError,
  type CsvEntry,
} from './sources';

/** How often a running import writes its progress and heartbeat. */
const PROGRESS_EVERY_MS = 1000;

/** The files this process is importing: their `.encours` is no dead import's. */
const claimedHere = new Set<string>();
export const claimedByThisProcess = (queuedName: string) => claimedHere.has(queuedName);

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
