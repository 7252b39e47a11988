// Queries built once. drizzle builds a query's text from its parts at every call (each part checked
// for its kind, then joined): 130 to 250 µs for the storefront's most asked rows, more than
// PostgreSQL's own work for them. A prepared query is built once per database handle and then run with
// its placeholders' values (sql.placeholder). On PostgreSQL its name also makes it a named statement
// of each connection (see prepared-statements.ts for the others).
import type { DbOrTx } from './client';

/**
 * `build(db)`'s prepared query, built on the first call for each handle: the app's database once for
 * the process, a transaction once for that transaction.
 */
export function preparedOnce<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const built = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) built.set(db, (query = build(db)));
    return query;
  };
}
