// Kept reads as a module declares them: each module's `<module>.kept.ts` says which of its answers
// are kept in the answer cache (answer-cache.ts), under which key and until which tables change, and
// its services call the functions declared there as plain reads. Each goes through the cache of the
// app serving on `db` when it has one (not in a transaction, nor without a change feed), and loads
// afresh otherwise: keptAnswer's and keptValues' semantics, declared once instead of at each call.
//
// What a write drops at once on its own process (AnswerCache.changed) is declared in the same file,
// as a function naming the tables (`settingsWritten(db)`, built with forgetKept): the service still
// calls it, because only the write's flow knows when its transaction has committed, but it names no
// table. Routes that drop on their answer (droppingKept) and the kept texts of sendKept stay in the
// routes, which are the ones sending them.
import type { DbOrTx } from '@comptoir/db/client';
import { answerCacheOf } from './answer-cache';
import type { RowScope } from './change-clock';

/** A read kept whole under its key (AnswerCache.remember). */
export interface KeptRead<A extends unknown[], T> {
  (db: DbOrTx, ...args: A): Promise<T>;
  /** The kept answer, or undefined when the app keeps none on `db` (the caller then reads its own way). */
  whenKept(db: DbOrTx, ...args: A): Promise<T> | undefined;
}

/**
 * `load`'s answer kept under `key(...args)` until one of `tables` changes (of `scope`'s table, until a
 * change names one of its rows, or names none). A failed load (a 404 thrown) is not kept.
 */
export function keptRead<A extends unknown[], T>(spec: {
  key: (...args: A) => string;
  tables: readonly string[];
  scope?: (...args: A) => RowScope | undefined;
  load: (db: DbOrTx, ...args: A) => Promise<T>;
}): KeptRead<A, T> {
  const whenKept = (db: DbOrTx, ...args: A) =>
    answerCacheOf(db)?.remember(
      spec.key(...args),
      spec.tables,
      () => spec.load(db, ...args),
      spec.scope?.(...args),
    );
  const read = (db: DbOrTx, ...args: A) => whenKept(db, ...args) ?? spec.load(db, ...args);
  return Object.assign(read, { whenKept });
}

/** What a set of kept values (AnswerCache.rememberEach) is: its name, tables, bound and freshness. */
interface SetSpec<A extends unknown[], T> {
  /** The set's name, or how the arguments choose one (a customer's rules and a type's apart). */
  set: string | ((...args: A) => string);
  tables: readonly string[];
  /** Beyond this many values the set starts again empty (rememberEach's default when omitted). */
  limit?: number;
  /** A kept value this says is no longer fresh is loaded again (a session checked a minute ago). */
  fresh?: (value: T) => boolean;
}

const setName = <A extends unknown[]>(set: string | ((...args: A) => string), args: A) =>
  typeof set === 'string' ? set : set(...args);

/**
 * The values of `keys`, kept one by one in a set until one of `tables` changes: the missing ones are
 * loaded together by one call of `load` (a key it leaves out is asked again next time).
 */
export function keptValuesOf<A extends unknown[], T>(
  spec: SetSpec<A, T> & {
    load: (db: DbOrTx, missing: readonly string[], ...args: A) => Promise<ReadonlyMap<string, T>>;
  },
): (db: DbOrTx, keys: readonly string[], ...args: A) => Promise<Map<string, T>> {
  return async (db, keys, ...args) => {
    const load = (missing: readonly string[]) => spec.load(db, missing, ...args);
    const cache = answerCacheOf(db);
    if (!cache) return new Map(await load(keys));
    return cache.rememberEach(setName(spec.set, args), spec.tables, keys, load, spec.fresh, spec.limit);
  };
}

/**
 * One answer kept under `key(...args)` in a set of its own, with its bound: for answers of which
 * there are too many variants to keep with the others (a text typed in the search box, a customer).
 * An undefined answer (an unknown code) is not kept.
 */
export function keptInSet<A extends unknown[], T>(
  spec: SetSpec<A, Exclude<T, undefined>> & {
    key: (...args: A) => string;
    load: (db: DbOrTx, ...args: A) => Promise<T>;
  },
): (db: DbOrTx, ...args: A) => Promise<T> {
  const values = keptValuesOf<A, Exclude<T, undefined>>({
    ...spec,
    load: async (db, missing, ...args) => {
      const value = await spec.load(db, ...args);
      return new Map(value === undefined ? [] : [[missing[0]!, value as Exclude<T, undefined>]]);
    },
  });
  return async (db, ...args) => {
    const key = spec.key(...args);
    return (await values(db, [key], ...args)).get(key) as T;
  };
}

/** Whether the app serving on `db` keeps answers (not in a transaction, and with a change feed). */
export const keepsAnswers = (db: DbOrTx): boolean => answerCacheOf(db) !== undefined;

/**
 * Drops at once, on this process, what was kept of `tables` (AnswerCache.changed): for a write that
 * has just committed, so that its next request sees it without waiting for the notification.
 */
export function forgetKept(db: DbOrTx, tables: readonly string[]): void {
  const cache = answerCacheOf(db);
  for (const table of tables) cache?.changed(table);
}
