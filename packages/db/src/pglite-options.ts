// How PGlite is opened, on the main thread (client.ts) or on its own (pglite-thread.ts).
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/**
 * PGlite's PostgreSQL runs inside the process's WebAssembly memory, whose pages its buffer pool
 * touches at start: with PostgreSQL's 128 MB of shared_buffers the server's RSS started at 430 MB.
 * 32 MB holds the demo data's working set (the storefront reads most answers from the answer cache)
 * and saves about 110 MB (docs/performance/memory.md). PGlite's WebAssembly memory cannot start
 * below its own 128 MB.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

export const pgliteOptions = {
  extensions: { pg_trgm, unaccent },
  startParams: PGLITE_START_PARAMS,
} satisfies PGliteOptions;
