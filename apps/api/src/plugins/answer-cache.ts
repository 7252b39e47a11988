// Answers that are the same for every visitor and change only when an import or an administrator
// changes the data (the menu, the categories, the connection settings, the storefront's tiles) are
// kept in memory, each with the tables it was built from. The database says, at each commit, which tables were written (DatabaseHandle.listenForChanges),
// on every server process alike: the answers built from those tables are dropped at once. A table's
// notification may also name the rows it touched (the orders': readChange): an answer that says which
// of that table's rows it can show (a RowScope) is then dropped only for those, found when it is next
// read. While the database cannot tell (its listening connection is being remade), nothing is cached.
import { databaseOf, type ChangeSubscription, type DatabaseHandle, type DbOrTx } from '@comptoir/db/client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createChangeClock, type RowScope } from './change-clock';
import { compressText, preferredEncoding, worthCompressing, type TextEncoding } from './compression';
import type { KeptFront } from './kept-front';
import { noteKeptTables } from './kept-pages';
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

declare module 'fastify' {
  interface FastifyInstance {
    answerCache: AnswerCache;
    /** The kept answers' front door (plugins/kept-front.ts), when the app has a change feed. */
    keptFront: KeptFront | null;
  }
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

const cacheOfDatabase = new WeakMap<DbOrTx, { cache: AnswerCache; onHeldConnection: AnswerCache }>();

/**
 * The answer cache of the app serving on `db`, for the services that read rarely changing rows on
 * many requests (settings, sessions, families, customers, product pages), also on one of its
 * connections (onOneConnection): undefined for a transaction, which must read what it locks and
 * writes, and for an app without a change feed.
 */
export const answerCacheOf = (db: DbOrTx): AnswerCache | undefined => {
  const pooled = databaseOf(db);
  const caches = cacheOfDatabase.get(pooled);
  return pooled === db ? caches?.cache : caches?.onHeldConnection;
};

// The modules declare their kept reads in their `<module>.kept.ts` with kept-read.ts (keptRead,
// keptValuesOf, keptInSet), built on these two, and the tables a write drops at once there too
// (forgetKept): the services read and write as if nothing were cached. Why the drop after a write is
// declared there but called by the service: kept-read.ts.

/** `load()`'s answer through the answer cache of the app serving on `db` (remember), or afresh without one. */
export function keptAnswer<T>(
  db: DbOrTx,
  key: string,
  tables: readonly string[],
  load: () => Promise<T>,
  scope?: RowScope,
): Promise<T> {
  const cache = answerCacheOf(db);
  return cache ? cache.remember(key, tables, load, scope) : load();
}

/** The values of `keys` through the answer cache of the app serving on `db` (rememberEach), or afresh. */
export async function keptValues<T>(
  db: DbOrTx,
  name: string,
  tables: readonly string[],
  keys: readonly string[],
  load: (missing: readonly string[]) => Promise<ReadonlyMap<string, T>>,
  /** Beyond this many values the set starts again empty (rememberEach's default when omitted). */
  limit?: number,
): Promise<Map<string, T>> {
  const cache = answerCacheOf(db);
  return cache ? cache.rememberEach(name, tables, keys, load, undefined, limit) : new Map(await load(keys));
}

/**
 * A write route's onSend hook: once its handler has answered, what this process kept of `tables` is
 * dropped, so that the administrator's list, asked again right after a save, shows the save without
 * waiting for the database's notification (which the other server processes hear). A refused write
 * drops them too, which costs one reload at most. Only for routes that write: a POST that only reads
 * (a simulation) would drop them on every call.
 */
export function droppingKept(tables: readonly string[]) {
  return async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    for (const table of tables) request.server.answerCache.changed(table);
    return payload;
  };
}

/** A kept answer as sent: its JSON text, and that text compressed for each encoding asked so far. */
interface KeptText {
  json: string;
  /** worthCompressing(json), measured once. */
  worthCompressing: boolean;
  compressed: Partial<Record<TextEncoding, Buffer>>;
  /** The JSON text's size in memory: a byte a character, two when one is beyond Latin-1. */
  jsonBytes: number;
}

/** What a kept text holds: its JSON and its compressed copies. */
const weighKeptText = (kept: KeptText) =>
  kept.jsonBytes + Object.values(kept.compressed).reduce((sum, buffer) => sum + buffer.length, 0);

/**
 * Sends the answer kept under `key` as the JSON text the route's response schema made of it once
 * (reply.serialize), compressed once per encoding: a kept answer is neither encoded nor compressed
 * again on every request (compressing took about two thirds of the categories' time). Fastify sends
 * a JSON string as it is, and the compression plugin leaves an answer that has its encoding. Without
 * a change feed, `load()`'s answer is serialized afresh. Answers of which there are many variants (a
 * customer's prices, the texts typed in the search box) are kept `among` a set of rememberEach of
 * their own, with its own bound, rather than with the other answers; an answer that shows only some
 * rows of a table whose notifications name them says which (`scope`, AnswerCache.remember). What a
 * request without cookies gets is also recorded for the front door (kept-front.ts).
 */
export async function sendKept(
  reply: FastifyReply,
  key: string,
  tables: readonly string[],
  load: () => Promise<unknown>,
  { among, scope }: { among?: { set: string; limit: number }; scope?: RowScope } = {},
): Promise<void> {
  const text = async (): Promise<KeptText> => {
    const json = String(reply.serialize(await load()));
    const jsonBytes = /[\u0100-\uffff]/.test(json) ? 2 * json.length : json.length;
    return { json, worthCompressing: worthCompressing(json), compressed: {}, jsonBytes };
  };
  const cache = reply.server.answerCache;
  const keptKey = `text:${key}`;
  // Taken before the answer is looked up: a change meanwhile keeps this answer from being recorded.
  // (Only a request without cookies gets one: an anonymous visitor's answer, the same for all of them.)
  const ticket = reply.server.keptFront?.ticket(reply.request) ?? null;
  const kept = among
    ? (
        await cache.rememberEach(
          among.set,
          tables,
          [key],
          async () => new Map([[key, await text()]]),
          undefined,
          among.limit,
        )
      ).get(key)!
    : await cache.remember<KeptText>(keptKey, tables, text, scope, weighKeptText);
  reply.type('application/json; charset=utf-8');
  // For a page drawn from this answer (web.ts): it is kept until one of these tables changes too.
  noteKeptTables(reply.raw, tables);
  const send = (body: string | Buffer) => {
    if (ticket) reply.server.keptFront!.record(ticket, reply, tables, body);
    reply.send(body);
  };
  if (!kept.worthCompressing) {
    send(kept.json);
    return;
  }
  reply.header('vary', 'accept-encoding');
  const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
  if (!encoding) {
    send(kept.json);
    return;
  }
  reply.header('content-encoding', encoding);
  let body = kept.compressed[encoding];
  if (!body) {
    body = kept.compressed[encoding] = compressText(kept.json, encoding);
    if (!among) cache.reweigh(keptKey);
  }
  send(body);
}

export default fp<{ listenForChanges?: DatabaseHandle['listenForChanges']; front?: KeptFront }>(
  async (app, { listenForChanges, front }) => {
    const { cache, onHeldConnection, onChange, attach } = createAnswerCache(
      listenForChanges && front?.onChange,
    );
    // Without a change feed (most API tests) every answer is loaded afresh.
    if (listenForChanges) {
      const subscription = await listenForChanges(onChange);
      attach(subscription);
      cacheOfDatabase.set(app.db, { cache, onHeldConnection });
      front?.start(() => subscription.live(), app.log);
      // Fastify refuses new requests from the start of its closing: so does the front door.
      app.addHook('preClose', (done) => {
        front?.stop();
        done();
      });
      app.addHook('onClose', async () => {
        cacheOfDatabase.delete(app.db);
        await subscription.stop();
      });
    }
    app.decorate('answerCache', cache);
    app.decorate('keptFront', listenForChanges && front ? front : null);
  },
  { name: 'answer-cache', dependencies: ['db'] },
);
