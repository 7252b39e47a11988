// Where the search index is built: on the main thread for a small catalogue, on a worker thread of
// its own (search-index-thread.ts) for a large one, so that the storefront keeps answering meanwhile
// (docs/performance.md, Search: the first search of a large catalogue).
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { SearchIndex, type IndexedArticle, type IndexedFamily, type SearchIndexParts } from './search-index';

/** From this many articles on, the index is built on a worker thread (350 000 take about two seconds). */
export const THREAD_FROM_ARTICLES = 20_000;

// Codes and designations hold no line break (they come from single-line ERP fields): one text each,
// which the thread receives as a copy of one string instead of 350 000 objects.
const SEPARATOR = '\n';

export const unpackArticles = (codes: string, designations: string): IndexedArticle[] => {
  const designationList = designations.split(SEPARATOR);
  return codes.split(SEPARATOR).map((code, i) => ({ code, designation: designationList[i]! }));
};

/** The worker's script: compiled beside the server (dist/search-index-thread.js), or its source through tsx. */
function startThread(): Worker {
  const compiled = new URL('./search-index-thread.js', import.meta.url);
  if (fs.existsSync(compiled)) return new Worker(compiled);
  const source = new URL('./search-index-thread.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`;
  return new Worker(bootstrap, { eval: true });
}

/** The index built by a worker thread of its own (search-index-thread.ts). */
export function buildOnThread(
  articles: readonly IndexedArticle[],
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
    worker.postMessage({
      codes: articles.map((article) => article.code).join(SEPARATOR),
      designations: articles.map((article) => article.designation).join(SEPARATOR),
      families: [...families],
    });
  });
}

/**
 * The index of these articles and families. A text with a line break (which the thread's packing
 * cannot carry) or a thread that fails falls back to the main thread: the same index, later.
 */
export async function buildIndex(
  articles: readonly IndexedArticle[],
  families: readonly IndexedFamily[],
  threadFrom = THREAD_FROM_ARTICLES,
): Promise<SearchIndex> {
  const packable = articles.every(
    (article) => !article.code.includes(SEPARATOR) && !article.designation.includes(SEPARATOR),
  );
  if (articles.length >= threadFrom && packable) {
    try {
      return await buildOnThread(articles, families);
    } catch {
      // Below: the main thread builds it.
    }
  }
  return new SearchIndex(articles, families);
}
