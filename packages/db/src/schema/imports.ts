// ERP imports: the files dropped, the import jobs and their staged writes. (packages/db/src/schema.ts re-exports every file of the schema.)
import { IMPORT_SOURCES, IMPORT_STATUSES, type ImportRejet } from '@comptoir/shared/imports/contract';
import { IMPORT_KINDS } from '@comptoir/shared/imports/kinds';
import { TEXT_ENCODINGS } from '@comptoir/shared/imports/encoding';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Files the ERP dropped in FILES_DIR/imports and the shop imported. */
export const importedFiles = pgTable(
  'imported_files',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['ok', 'error'] }).notNull(),
    message: text('message'),
  },
  (t) => [uniqueIndex('imported_files_name_idx').on(t.name)],
);

/**
 * ERP imports (docs/import-erp.md): one row per CSV file imported, alone or inside a ZIP. The row is
 * written outside the file's transaction, so that the page sees its progress; `heartbeatAt` tells a
 * live import from one whose server died (its file is put back in the queue).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull(),
    entryName: text('entry_name').notNull(),
    kind: text('kind', { enum: IMPORT_KINDS }),
    status: text('status', { enum: IMPORT_STATUSES }).notNull(),
    source: text('source', { enum: IMPORT_SOURCES }).notNull(),
    rowsTotal: integer('rows_total'),
    rowsDone: integer('rows_done').notNull().default(0),
    read: integer('read').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    deactivated: integer('deactivated').notNull().default(0),
    rejectCount: integer('reject_count').notNull().default(0),
    rejects: jsonb('rejects').$type<ImportRejet[]>().notNull().default([]),
    message: text('message'),
    /** The encoding the CSV was read in (detected or declared); null until known. */
    encoding: text('encoding', { enum: TEXT_ENCODINGS }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('import_jobs_started_idx').on(t.startedAt.desc(), t.id.desc()),
    index('import_jobs_running_idx')
      .on(t.fileName)
      .where(sql`status = 'en_cours'`),
  ],
);

/**
 * The writes a validated import will make, recorded chunk by chunk while it reads its file and then
 * replayed in one transaction (on PGlite, so that the storefront is served between the chunks).
 */
export const importStagedWrites = pgTable(
  'import_staged_writes',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    op: text('op').notNull(),
    rows: jsonb('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);
