// The answer cache itself: answers kept in memory, each with the tables it was built from, dropped
// when the database says at a commit that one of them was written (readChange: a table, and the rows
// it touched when the table names them). answer-cache.ts plugs it into the app and serves from it.
import type { ChangeSubscription } from '@comptoir/db/client';
import { createChangeClock, type RowScope } from './change-clock';
import { createTableIndex } from './table-index';

export interface AnswerCache {
  /**
   * The answer kept under `key`, or `load()`'s, kept until one of `tables` changes (of `scope.table`,
   * until a change names a row the scope touches, or names none).
   */
  remember<T>(
    key: string,
    tables: readonly string[],
    load: () => Promise<T>,
    scope?: RowScope,
    /**
     * The answer's size in bytes, when it is worth counting (a kept text): the weighed answers hold
     * MAX_KEPT_BYTES together at most, the least recently used dropped first.
     */
    weigh?: (value: T) => number,
  ): Promise<T>;
  /** Weighs the answer kept under `key` again, after it grew (a compressed copy added). */
  reweigh(key: string): void;
  /**
   * The values of `keys` kept in the set `name`, the missing ones loaded together by one call of
   * `load` (which answers those it finds; a key it leaves out is asked again next time), all kept until
   * one of `tables` changes. For values asked a few at a time out of many (an article's tile).
   */
  rememberEach<T>(
    name: string,
    tables: readonly string[],
    keys: readonly string[],
    load: (missing: readonly string[]) => Promise<ReadonlyMap<string, T>>,
    /** A kept value this says is no longer fresh is loaded again, like a missing one. */
    fresh?: (value: T) => boolean,
    /** Beyond this many values the set starts again empty (default MAX_SET_VALUES). */
    limit?: number,
  ): Promise<Map<string, T>>;
  /**
   * Drops at once, on this process, what was built from `table`: a write this process just committed
   * is then seen by its next request without waiting for the notification (the other processes hear it).
   */
  changed(table: string): void;
}

/** Beyond this many answers the cache starts again empty (keys are bounded by the catalogue). */
const MAX_ENTRIES = 10_000;
/**
 * What the weighed answers (the kept texts of sendKept) may hold together. Their number alone did not
 * bound the memory: 10 000 orders-list pages of 15 to 25 KB each would be 200 MB; a soak's mixed load
 * kept 54 MB of them after two minutes (docs/performance/memory.md).
 */
export const MAX_KEPT_BYTES = 24 * 1024 * 1024;
/** Beyond this many values a set starts again empty (a tile is about half a kilobyte). */
const MAX_SET_VALUES = 20_000;

interface Entry {
  value: Promise<unknown>;
  tables: readonly string[];
  scope: RowScope | undefined;
  weigh: ((value: unknown) => number) | undefined;
  /** The answer once loaded (to weigh it again). */
  loaded?: unknown;
  /** Its weight, counted in the cache's total (0 until loaded, or when not weighed). */
  bytes: number;
  /** Its tables whose changes drop it at once: all but its scope's. */
  eagerTables: readonly string[];
  /** The change clock's moment when it was last known fresh of its scope's changes. */
  checkedAt: number;
}

/** A notification's payload: the table's name, then, when it names the rows it touched, a tab and a JSON array of them. */
export function readChange(payload: string | null): { table: string | null; rows?: readonly unknown[] } {
  const tab = payload?.indexOf('\t') ?? -1;
  if (tab < 0) return { table: payload };
  const table = payload!.slice(0, tab);
  try {
    const rows: unknown = JSON.parse(payload!.slice(tab + 1));
    return Array.isArray(rows) ? { table, rows } : { table };
  } catch {
    return { table };
  }
}

/** `alsoDrop` hears every change too, the process's own (changed) as the notified ones. */
export function createAnswerCache(alsoDrop?: (table: string | null) => void): {
  cache: AnswerCache;
  /** The same cache, for a request holding a pooled connection (answerCacheOf). */
  onHeldConnection: AnswerCache;
  /** Hears a notification's payload (readChange). */
  onChange: (payload: string | null) => void;
  attach: (subscription: ChangeSubscription) => void;
} {
  const entries = new Map<string, Entry>();
  // A change of a table drops at once the answers built from it, except those scoped to its rows: a
  // change naming rows is checked against a scoped answer when it is next read (remember). The orders
  // change several times a second under load and thousands of orders-list pages are kept: reading
  // each at every change held the main thread for milliseconds (docs/performance/http.md).
  const eagerByTable = createTableIndex();
  const scopedByTable = createTableIndex();
  const scopeTables = (entry: Entry) => (entry.scope ? [entry.scope.table] : []);
  // The weighed entries in order of last use: the first are dropped when their total is too large.
  const weighed = new Map<string, Entry>();
  let keptBytes = 0;
  const sets = new Map<string, { tables: readonly string[]; values: Map<string, unknown> }>();
  let subscription: ChangeSubscription | null = null;
  // An answer loaded while one of its tables changed may be older than the change.
  const clock = createChangeClock();

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    keptBytes -= entry.bytes;
    entries.delete(key);
    weighed.delete(key);
    eagerByTable.remove(key, entry.eagerTables);
    scopedByTable.remove(key, scopeTables(entry));
  };
  /** Whether a change heard since the entry was last read named one of its scope's rows; if not, it is marked read now. */
  const changedInScope = (entry: Entry) => {
    if (!entry.scope) return false;
    if (clock.changedSince(entry.checkedAt, [entry.scope.table], entry.scope)) return true;
    entry.checkedAt = clock.now();
    return false;
  };
  const dropAll = () => {
    entries.clear();
    weighed.clear();
    eagerByTable.clear();
    scopedByTable.clear();
    keptBytes = 0;
  };
  const weighAgain = (entry: Entry) => {
    if (!entry.weigh || !('loaded' in entry)) return;
    const bytes = entry.weigh(entry.loaded);
    keptBytes += bytes - entry.bytes;
    entry.bytes = bytes;
    for (const [key, oldest] of weighed) {
      if (keptBytes <= MAX_KEPT_BYTES) break;
      if (oldest.bytes > 0 && oldest !== entry) drop(key);
    }
  };

  const onChange = (payload: string | null) => {
    const { table, rows } = readChange(payload);
    clock.tick(table, rows);
    // The front door keeps only visitors' answers, none of them scoped: the table is enough.
    alsoDrop?.(table);
    if (table === null) {
      dropAll();
      sets.clear();
      return;
    }
    for (const key of eagerByTable.keysOf(table)) drop(key);
    if (!rows) for (const key of scopedByTable.keysOf(table)) drop(key);
    for (const [name, set] of sets) if (set.tables.includes(table)) sets.delete(name);
  };

  const remember = <T>(
    key: string,
    tables: readonly string[],
    load: () => Promise<T>,
    scope: RowScope | undefined,
    weigh: ((value: T) => number) | undefined,
    joinLoads: boolean,
  ): Promise<T> => {
    if (!subscription?.live()) return load();
    const kept = entries.get(key);
    if (kept && changedInScope(kept)) drop(key);
    // On a held connection, another request's load still running may itself be waiting for a
    // pooled connection: waiting for it could leave every connection held and none given back.
    else if (kept && !joinLoads && !('loaded' in kept)) return load();
    else if (kept) {
      // Used last: dropped last.
      if (weighed.delete(key)) weighed.set(key, kept);
      return kept.value as ReturnType<typeof load>;
    }
    const startedAt = clock.now();
    // Concurrent requests for a missing answer share one load. Made a promise at once: a query
    // builder handed back as it is (a lazy thenable) would run its query again at every await.
    const value = Promise.resolve(load());
    if (entries.size >= MAX_ENTRIES) dropAll();
    const eagerTables = scope ? tables.filter((table) => table !== scope.table) : tables;
    const entry: Entry = {
      value,
      tables,
      scope,
      weigh: weigh as Entry['weigh'],
      bytes: 0,
      eagerTables,
      checkedAt: startedAt,
    };
    entries.set(key, entry);
    eagerByTable.add(key, eagerTables);
    scopedByTable.add(key, scopeTables(entry));
    if (weigh) weighed.set(key, entry);
    value.then(
      (loaded) => {
        if (entries.get(key) !== entry) return;
        if (clock.changedSince(startedAt, tables, scope)) {
          drop(key);
          return;
        }
        entry.checkedAt = clock.now();
        entry.loaded = loaded;
        weighAgain(entry);
      },
      // A failed load (a 404, a lost connection) is not kept.
      () => {
        if (entries.get(key) === entry) drop(key);
      },
    );
    return value;
  };

  const cache: AnswerCache = {
    remember: (key, tables, load, scope, weigh) => remember(key, tables, load, scope, weigh, true),

    reweigh(key) {
      const entry = entries.get(key);
      if (entry) weighAgain(entry);
    },

    async rememberEach<T>(
      name: string,
      tables: readonly string[],
      keys: readonly string[],
      load: (missing: readonly string[]) => Promise<ReadonlyMap<string, T>>,
      fresh?: (value: T) => boolean,
      limit = MAX_SET_VALUES,
    ): Promise<Map<string, T>> {
      if (!subscription?.live()) return new Map(await load(keys));
      const found = new Map<string, T>();
      const missing: string[] = [];
      for (const key of keys) {
        const kept = sets.get(name)?.values.get(key) as T | undefined;
        if (kept === undefined || (fresh && !fresh(kept))) missing.push(key);
        else found.set(key, kept);
      }
      if (missing.length === 0) return found;
      const startedAt = clock.now();
      const loaded = await load(missing);
      // Loaded while one of its tables changed: maybe older than the change, so given but not kept.
      if (!clock.changedSince(startedAt, tables) && subscription.live()) {
        let set = sets.get(name);
        if (!set || set.values.size + loaded.size > limit)
          sets.set(name, (set = { tables, values: new Map() }));
        for (const [key, value] of loaded) set.values.set(key, value);
      }
      for (const [key, value] of loaded) found.set(key, value);
      return found;
    },

    changed: (table) => onChange(table),
  };
  // The cache as a request holding a pooled connection sees it (onOneConnection): it never waits for
  // a load that another request started.
  const onHeldConnection: AnswerCache = {
    ...cache,
    remember: (key, tables, load, scope, weigh) => remember(key, tables, load, scope, weigh, false),
  };
  return { cache, onHeldConnection, onChange, attach: (s) => (subscription = s) };
}
