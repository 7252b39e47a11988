// The import history (import_jobs) and the per-kind lock of the ERP imports.
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@comptoir/db/client';
import { importJobs, importStagedWrites } from '@comptoir/db/schema';
import { JsonRowsQuery } from '@comptoir/db/upsert';
import type { ImportKind } from '@comptoir/shared/imports/kinds';

export type ImportJobRow = typeof importJobs.$inferSelect;
export type NewImportJob = Pick<typeof importJobs.$inferInsert, 'fileName' | 'entryName' | 'kind' | 'source'>;

export async function insertJob(db: DbOrTx, job: NewImportJob): Promise<number> {
  const [row] = await db
    .insert(importJobs)
    .values({ ...job, status: 'en_cours' })
    .returning({ id: importJobs.id });
  return row!.id;
}

export async function updateJob(
  db: DbOrTx,
  id: number,
  values: Partial<Omit<ImportJobRow, 'id' | 'startedAt'>>,
): Promise<void> {
  await db.update(importJobs).set(values).where(eq(importJobs.id, id));
}

/** Progress of a running import, and the proof that its server is alive. */
export async function touchJob(
  db: DbOrTx,
  id: number,
  progress: { rowsDone: number; rowsTotal: number | null },
) {
  await db
    .update(importJobs)
    .set({ ...progress, heartbeatAt: sql`now()` })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, 'en_cours')));
}

export const findJob = async (db: DbOrTx, id: number): Promise<ImportJobRow | undefined> =>
  (await db.select().from(importJobs).where(eq(importJobs.id, id)))[0];

export function runningJobs(db: DbOrTx): Promise<ImportJobRow[]> {
  return db
    .select()
    .from(importJobs)
    .where(eq(importJobs.status, 'en_cours'))
    .orderBy(importJobs.startedAt, importJobs.id);
}

export function finishedJobs(db: DbOrTx, page: { offset: number; limit: number }): Promise<ImportJobRow[]> {
  return db
    .select()
    .from(importJobs)
    .where(sql`${importJobs.status} <> 'en_cours'`)
    .orderBy(desc(importJobs.startedAt), desc(importJobs.id))
    .offset(page.offset)
    .limit(page.limit);
}

export async function countFinishedJobs(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(importJobs)
    .where(sql`${importJobs.status} <> 'en_cours'`);
  return row?.n ?? 0;
}

/** Whether a running import of `fileName` has shown signs of life within `staleMs`. */
export async function hasLiveJob(db: DbOrTx, fileName: string, staleMs: number): Promise<boolean> {
  const rows = await db
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(
      and(
        eq(importJobs.fileName, fileName),
        eq(importJobs.status, 'en_cours'),
        sql`${importJobs.heartbeatAt} > now() - make_interval(secs => ${staleMs / 1000})`,
      ),
    );
  return rows.length > 0;
}

/**
 * Ends the running imports of `fileName` (all of them, or those silent past `staleMs`) as interrupted,
 * or as failed; answers how many there were.
 */
export async function interruptJobs(
  db: DbOrTx,
  fileName: string,
  message: string,
  staleMs?: number,
  status: 'interrompu' | 'erreur' = 'interrompu',
): Promise<number> {
  const rows = await db
    .update(importJobs)
    .set({ status, message, finishedAt: sql`now()` })
    .where(
      and(
        eq(importJobs.fileName, fileName),
        eq(importJobs.status, 'en_cours'),
        staleMs === undefined
          ? undefined
          : lt(importJobs.heartbeatAt, sql`now() - make_interval(secs => ${staleMs / 1000})`),
      ),
    )
    .returning({ id: importJobs.id });
  return rows.length;
}

/** The last `limit` history rows of `fileName`, newest first (how many times in a row it was interrupted). */
export function recentJobsOf(
  db: DbOrTx,
  fileName: string,
  limit: number,
): Promise<Pick<ImportJobRow, 'entryName' | 'status'>[]> {
  return db
    .select({ entryName: importJobs.entryName, status: importJobs.status })
    .from(importJobs)
    .where(eq(importJobs.fileName, fileName))
    .orderBy(desc(importJobs.id))
    .limit(limit);
}

/** The running imports silent past `staleMs` (their server died, or their file is gone). */
export function silentJobs(db: DbOrTx, staleMs: number): Promise<Pick<ImportJobRow, 'id' | 'fileName'>[]> {
  return db
    .select({ id: importJobs.id, fileName: importJobs.fileName })
    .from(importJobs)
    .where(
      and(
        eq(importJobs.status, 'en_cours'),
        lt(importJobs.heartbeatAt, sql`now() - make_interval(secs => ${staleMs / 1000})`),
      ),
    );
}

/** Ends one running import as failed, if it is still running and silent past `staleMs`. */
export async function failSilentJob(db: DbOrTx, id: number, message: string, staleMs: number): Promise<void> {
  await db
    .update(importJobs)
    .set({ status: 'erreur', message, finishedAt: sql`now()` })
    .where(
      and(
        eq(importJobs.id, id),
        eq(importJobs.status, 'en_cours'),
        lt(importJobs.heartbeatAt, sql`now() - make_interval(secs => ${staleMs / 1000})`),
      ),
    );
}

/** Holds, until the transaction ends, the right to put back (or set aside) the dead import of `fileName`. */
export async function lockRequeue(tx: DbOrTx, fileName: string): Promise<void> {
  // Raw: the builder has no advisory locks.
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext(${`comptoir-requeue:${fileName}`}))`);
}

/**
 * One import per kind at a time, on every instance sharing the database: a transaction-scoped
 * advisory lock, released at commit or rollback (and by PostgreSQL if the server dies).
 */
export async function lockKind(tx: DbOrTx, kind: ImportKind): Promise<void> {
  // Raw: the builder has no advisory locks.
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext(${`comptoir-import:${kind}`}))`);
}

// ---------------------------------------------------------------- staged writes

/** Records one write of a validated import, to be replayed by its apply transaction. */
export async function stageWrite(
  db: DbOrTx,
  write: { jobId: number; seq: number; op: string; rows: unknown[] },
): Promise<void> {
  await db.insert(importStagedWrites).values(write);
}

/** The recorded batches `first` to `last` of `op` for job `jobId`, as rows for one set-based upsert. */
export const stagedRowsOf = (jobId: number, op: string, first: number, last: number) =>
  new JsonRowsQuery(
    sql`select ${importStagedWrites.rows} as rows from ${importStagedWrites} where ${importStagedWrites.jobId} = ${jobId} and ${importStagedWrites.op} = ${op} and ${importStagedWrites.seq} between ${first} and ${last}`,
  );

/** The sequence numbers of the recorded batches of `op` for job `jobId`, in order. */
export async function stagedSeqsOf(db: DbOrTx, jobId: number, op: string): Promise<number[]> {
  const rows = await db
    .select({ seq: importStagedWrites.seq })
    .from(importStagedWrites)
    .where(and(eq(importStagedWrites.jobId, jobId), eq(importStagedWrites.op, op)))
    .orderBy(importStagedWrites.seq);
  return rows.map((row) => row.seq);
}

/** The rows of the recorded batch `seq` of job `jobId` (read one at a time: never the whole file in memory). */
export async function stagedRowsAt(db: DbOrTx, jobId: number, seq: number): Promise<unknown[]> {
  const [row] = await db
    .select({ rows: importStagedWrites.rows })
    .from(importStagedWrites)
    .where(and(eq(importStagedWrites.jobId, jobId), eq(importStagedWrites.seq, seq)));
  if (!row) throw new Error(`écriture préparée ${seq} introuvable`);
  return row.rows as unknown[];
}

/** Drops the recorded writes of job `jobId`, and those of every import no longer running. */
export async function clearStagedWrites(db: DbOrTx, jobId: number): Promise<void> {
  await db
    .delete(importStagedWrites)
    .where(
      sql`${importStagedWrites.jobId} = ${jobId} or ${importStagedWrites.jobId} in (select id from ${importJobs} where status <> 'en_cours')`,
    );
}
