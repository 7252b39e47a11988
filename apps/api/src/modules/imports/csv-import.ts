// One CSV of a dropped or uploaded file (docs/import-erp.md): its header, its rows read as a stream
// and handed by batches to the kind's applier (./appliers), in one transaction; any problem and
// nothing is written. One import per kind at a time on every instance (an advisory lock).
import type { Readable } from 'node:stream';
import type { DbOrTx } from '@comptoir/db/client';
import { CsvLineTooLongError, CsvSyntaxError, readCsv } from '@comptoir/shared/imports/csv';
import { createCsvTextDecoder, type TextEncoding } from '@comptoir/shared/imports/encoding';
import { IMPORT_REPORT_MAX_REJECTS } from '@comptoir/shared/imports/contract';
import {
  IMPORT_MESSAGES,
  kindFromMarker,
  kindFromName,
  RowReader,
  type ImportKind,
  type RowProblem,
} from '@comptoir/shared/imports/kinds';
import { applierFor } from './appliers';
import { emptyCounts, type BatchContext, type ImportCounts, type Line } from './appliers/helpers';
import { replayStagedWrites, runWrite, type WriteOp } from './appliers/write-ops';
import * as repo from './imports.repository';
import { limitsOf, type ImportRuntime } from './runtime';
import type { CsvEntry } from './sources';

/** Rows written per statement. */
const BATCH_SIZE = 1000;

class Rejected extends Error {}

export interface EntryResult {
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
export async function importCsv(
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
