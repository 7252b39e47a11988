// Answers that are the same for every visitor and change only when an import or an administrator
// changes the data (the menu, the categories) are kept in memory, each with the tables it was built
// from. The database says, at each commit, which tables were written (DatabaseHandle.listenForChanges),
// on every server process alike: the answers built from those tables are dropped at once. While the
// database cannot tell (its listening connection is being remade), nothing is cached.
import type { ChangeSubscription, DatabaseHandle } from '@comptoir/db/client';
import fp from 'fastify-plugin';

export interface AnswerCache {
  /** The answer kept under `key`, or `load()`'s, kept until one of `tables` changes. */
  remember<T>(key: string, tables: readonly string[], load: () => Promise<T>): Promise<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    answerCache: AnswerCache;
  }
}

/** Beyond this many answers the cache starts again empty (keys are bounded by the catalogue). */
const MAX_ENTRIES = 10_000;

interface Entry {
  value: Promise<unknown>;
  tables: readonly string[];
}

export function createAnswerCache(): {
  cache: AnswerCache;
  onChange: (table: string | null) => void;
  attach: (subscription: ChangeSubscription) => void;
} {
  const entries = new Map<string, Entry>();
  let subscription: ChangeSubscription | null = null;
  // Bumped by every change: an answer loaded while it moved may be older than the change.
  let generation = 0;

  const onChange = (table: string | null) => {
    generation++;
    if (table === null) return entries.clear();
    for (const [key, entry] of entries) if (entry.tables.includes(table)) entries.delete(key);
  };

  const cache: AnswerCache = {
    remember<T>(key: string, tables: readonly string[], load: () => Promise<T>): Promise<T> {
      if (!subscription?.live()) return load();
      const kept = entries.get(key);
      if (kept) return kept.value as Promise<T>;
      const startedAt = generation;
      // Concurrent requests for a missing answer share one load.
      const value = load();
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { value, tables });
      value.then(
        () => {
          if (generation !== startedAt && entries.get(key)?.value === value) entries.delete(key);
        },
        // A failed load (a 404, a lost connection) is not kept.
        () => {
          if (entries.get(key)?.value === value) entries.delete(key);
        },
      );
      return value;
    },
  };
  return { cache, onChange, attach: (s) => (subscription = s) };
}

export default fp<{ listenForChanges?: DatabaseHandle['listenForChanges'] }>(
  async (app, { listenForChanges }) => {
    const { cache, onChange, attach } = createAnswerCache();
    // Without a change feed (most API tests) every answer is loaded afresh.
    if (listenForChanges) {
      const subscription = await listenForChanges(onChange);
      attach(subscription);
      app.addHook('onClose', () => subscription.stop());
    }
    app.decorate('answerCache', cache);
  },
  { name: 'answer-cache' },
);
