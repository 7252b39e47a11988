// What the import pipeline runs with (the app's database, folders and settings), and the progress of
// the imports this instance runs.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@comptoir/db/client';
import type { EncodingSetting } from '@comptoir/shared/imports/encoding';
import { IMPORT_LIMIT_DEFAULTS } from '@comptoir/shared/imports/kinds';
import type { ImportLimits } from './sources';

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

export const limitsOf = (runtime: ImportRuntime): ImportLimits => runtime.limits ?? IMPORT_LIMIT_DEFAULTS;

/** The progress of the imports this instance runs (the page reads it even while a transaction holds the database). */
export const live = new Map<number, { rowsDone: number; rowsTotal: number | null }>();
