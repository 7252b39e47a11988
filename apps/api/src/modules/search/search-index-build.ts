// Where the search index is built: on the main thread for a small catalogue, on a worker thread of
// its own (search-index-thread.ts) for a large one, so that the storefront keeps answering meanwhile
// (docs/performance/search.md).
import type { Worker } from 'node:worker_threads';
import { startWorkerScript } from '@comptoir/db/worker-script';
import { SearchIndex, type IndexedArticle, type IndexedFamily, type SearchIndexParts } from './search-index';

/** From this many articles on, the index is built on a worker thread (350 000 take about two seconds). */
export const THREAD_FROM_ARTICLES = 20_000;

/**
 * The articles as the database packs them (packedSearchableArticles): codes and designations as two
 * texts, an article a line, in the same order. The thread receives two strings, not 350 000 objects.
 */
export interface PackedArticles {
  codes: string;
  designations: string;
  count: number;
}

export const unpackArticles = ({ codes, designations }: PackedArticles): IndexedArticle[] => {
  const designationList = designations.split('\n');
  return codes.split('\n').map((code, i) => ({ code, designation: designationList[i]! }));
};

/** The worker's script: compiled beside the server (dist/search-index-thread.js), or its source through tsx. */
const startThread = (): Worker => startWorkerScript('search-index-thread', import.meta.url);

/** The index built by a worker thread of its own (search-index-thread.ts). */
export function buildOnThread(
  articles: PackedArticles,
  families: readonly IndexedFamily[],
): Promise<SearchIndex> {
  return new Promise((resolve, reject) => {
    const worker = startThread();
    worker.once('message', (parts: SearchIndexParts) => {
      resolve(SearchIndex.fromParts(parts));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`index de recherche : fil arrêté (${code})`)));
    worker.postMessage({ articles, families: [...families] });
  });
}

/** The index of these articles and families; a thread that fails leaves it to the main thread (the same index, later). */
export async function buildIndex(
  articles: PackedArticles,
  families: readonly IndexedFamily[],
  threadFrom = THREAD_FROM_ARTICLES,
): Promise<SearchIndex> {
  if (articles.count >= threadFrom) {
    try {
      return await buildOnThread(articles, families);
    } catch {
      // Below: the main thread builds it.
    }
  }
  return new SearchIndex(unpackArticles(articles), families);
}
