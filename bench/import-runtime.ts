// What the import benchmarks (import.ts, import-hostile.ts) give the server's import pipeline: a work
// folder's drop folder and documents, a quiet logger, the detected encoding; and PGlite opened as the
// server opens it.
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { openDatabase, type Database } from '@comptoir/db/client';
import type { ImportRuntime } from '../apps/api/src/modules/imports/imports.service';

/** The pipeline's runtime on `db`, its drop folder `<work>/imports` (made here). */
export function importRuntime(
  db: Database,
  work: string,
  options: Pick<ImportRuntime, 'staged' | 'limits'>,
): ImportRuntime {
  const importsDir = path.join(work, 'imports');
  fs.mkdirSync(importsDir, { recursive: true });
  return {
    db,
    importsDir,
    documentsDir: path.join(work, 'documents'),
    log: pino({ level: 'error' }),
    encoding: 'auto',
    ...options,
  };
}

/** PGlite in `<work>/db`, as the server opens it (PGLITE_THREAD, default 1: in a thread of its own). */
export const openPgliteIn = (work: string) =>
  openDatabase({ dataDir: path.join(work, 'db'), thread: process.env.PGLITE_THREAD !== '0' });
