// The worker thread that builds a large catalogue's search index (search-index-build.ts): about two
// seconds of sorting and word cutting for 350 000 articles, which on the main thread would hold every
// request. It sends the index back as its parts (strings and typed arrays, the arrays moved, not copied).
import { parentPort } from 'node:worker_threads';
import { movableBuffers, SearchIndex, type IndexedFamily } from './search-index';
import { unpackArticles, type PackedArticles } from './search-index-build';

parentPort!.once('message', (data: { articles: PackedArticles; families: IndexedFamily[] }) => {
  const parts = new SearchIndex(unpackArticles(data.articles), data.families).parts();
  parentPort!.postMessage(parts, movableBuffers(parts));
});
