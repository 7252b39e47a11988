// Answers that are the same for every visitor and change only when an import or an administrator
// changes the data (the menu, the categories, the connection settings, the storefront's tiles) are
// kept in memory, each with the tables it was built from. The database says, at each commit, which tables were written (DatabaseHandle.listenForChanges),
// on every server process alike: the answers built from those tables are dropped at once. A table's
// notification may also name the rows it touched (the orders': readChange): an answer that says which
// of that table's rows it can show (a RowScope) is then dropped only for those, found when it is next
// read. While the database cannot tell (its listening connection is being remade), nothing is cached.
// The store itself is answer-store.ts; this file plugs it into the app and serves kept answers.
import { databaseOf, type DatabaseHandle, type DbOrTx } from '@comptoir/db/client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createAnswerCache, type AnswerCache } from './answer-store';
import type { RowScope } from './change-clock';
import { compressText, preferredEncoding, worthCompressing, type TextEncoding } from './compression';
import type { KeptFront } from './kept-front';
import { noteKeptTables } from './kept-pages';

export { MAX_KEPT_BYTES, createAnswerCache, readChange, type AnswerCache } from './answer-store';

declare module 'fastify' {
  interface FastifyInstance {
    answerCache: AnswerCache;
    /** The kept answers' front door (plugins/kept-front.ts), when the app has a change feed. */
    keptFront: KeptFront | null;
  }
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
