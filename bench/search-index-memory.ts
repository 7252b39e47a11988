// The storefront search index's memory and build time (docs/performance/memory.md):
//   node --expose-gc --import tsx bench/search-index-memory.ts [--articles N] [--database-url URL]
// Builds the index of search-index.ts for N active articles and prints the memory it keeps once the
// articles it was built from are gone (heap used plus array buffers, after full collections), the
// heap committed right after the build and the build time. The articles are the demo generator's
// (packages/db/src/demo), as at benchmark scale, or read from a PostgreSQL database given by URL
// (read only: one select).
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { articleAt, FAMILIES } from '@comptoir/db/demo/catalogue';
import {
  SearchIndex,
  type IndexedArticle,
  type IndexedFamily,
} from '../apps/api/src/modules/search/search-index';

const usage = `Usage : node --expose-gc --import tsx bench/search-index-memory.ts [--articles N] [--database-url URL]
  --articles N        articles actifs indexés (350000 par défaut) : ceux du générateur de démonstration
  --database-url URL  lit les articles actifs et les familles de cette base PostgreSQL (lecture seule)`;

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** Heap used plus the typed arrays' memory (outside the heap), after full collections. */
function retained(): number {
  for (let i = 0; i < 4; i++) global.gc!();
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.arrayBuffers;
}

/**
 * The demo generator's active articles, as strings of their own like a database driver's (a
 * template literal would leave V8 ropes sharing their pieces, smaller than what the server holds).
 */
function demoArticles(count: number): IndexedArticle[] {
  const now = new Date('2026-01-01T00:00:00Z');
  const articles: IndexedArticle[] = [];
  for (let index = 0; articles.length < count; index++) {
    const { row } = articleAt(index, now);
    if (row.active) articles.push({ code: row.code, designation: row.designation1 });
  }
  return JSON.parse(JSON.stringify(articles)) as IndexedArticle[];
}

async function databaseArticles(
  url: string,
  count: number,
): Promise<{ articles: IndexedArticle[]; families: IndexedFamily[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const articles = await client.query<IndexedArticle>(
      'select code, designation1 as designation from articles where active limit $1',
      [count],
    );
    const families = await client.query<IndexedFamily>('select code, label, level from families');
    return { articles: articles.rows, families: families.rows };
  } finally {
    await client.end();
  }
}

/** Reads the articles and indexes them: once it returns, only the index is left of them. */
async function build(count: number, databaseUrl: string | undefined) {
  const source = databaseUrl
    ? await databaseArticles(databaseUrl, count)
    : {
        articles: demoArticles(count),
        families: FAMILIES.map(({ code, label, level }) => ({ code, label, level })),
      };
  const loaded = retained();
  const started = performance.now();
  const index = new SearchIndex(source.articles, source.families);
  const buildMs = performance.now() - started;
  // What the build left committed before any forced collection: the heap V8 grew to.
  const committed = process.memoryUsage();
  return { index, read: source.articles.length, loaded, buildMs, committed };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      articles: { type: 'string', default: '350000' },
      'database-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const count = Number(values.articles);
  if (values.help || !Number.isInteger(count) || count <= 0 || typeof global.gc !== 'function') {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  const before = retained();
  const { index, read, loaded, buildMs, committed } = await build(count, values['database-url']);
  const after = retained();
  // The index is read after the measure, so it was alive during it.
  console.log(`articles indexés : ${index.size} (${read} lus)`);
  console.log(`articles lus, en mémoire : ${mb(loaded - before)}`);
  console.log(`index seul, gardé : ${mb(after - before)}`);
  console.log(`construction : ${Math.round(buildMs)} ms`);
  console.log(
    `juste après la construction : tas engagé ${mb(committed.heapTotal)}, RSS ${mb(committed.rss)}, RSS max ${mb(process.resourceUsage().maxRSS * 1024)}`,
  );
  return 0;
}

process.exitCode = await main();
