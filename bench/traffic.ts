// Real traffic, as the HTTP benchmark and the soak send it: the storefront's HTML pages as a plain
// visitor (no cookies: the pages the server draws) kept (the same URL again and again) and cold (each
// product page once), searches that never repeat, and a visitor's mix of them with the menu and the
// category data (JSON). What each request draws from is read from the database before the load.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '@comptoir/db/client';
import { articleLink, familyLink } from '@comptoir/shared/catalogue';
import type { BenchDatabase } from './server';

/** A browser's request for a page: HTML first, compressed. */
export const PAGE_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'br, gzip',
};
export const JSON_HEADERS = { accept: 'application/json', 'accept-encoding': 'br, gzip' };

/** The kept pages: the home, a category and a product of the demo data (or the data set's first). */
export const KEPT_CATEGORY = 'BO01';
export const KEPT_PRODUCT = '100016';

/** What the traffic draws from: every active article, the families holding some, the activities. */
export interface Catalogue {
  /** Active articles' codes, in code order. */
  articles: string[];
  families: string[];
  activities: string[];
  /** Words of the designations (lower case, 3 letters or more), once each. */
  words: string[];
  keptCategory: string;
  keptProduct: string;
}

/** Read from the data set the server is about to serve (PGlite: before it starts, one process at a time). */
export async function readCatalogue(database: BenchDatabase, env: NodeJS.ProcessEnv): Promise<Catalogue> {
  const handle = await openDatabase(
    database === 'postgres'
      ? { databaseUrl: env.DATABASE_URL! }
      : { dataDir: path.join(env.DATA_DIR!, 'db') },
  );
  try {
    const articles = await queryRows<{ code: string; designation: string }>(
      handle.db,
      sql`select code, designation1 as designation from articles where active order by code`,
    );
    const families = await queryRows<{ code: string }>(
      handle.db,
      sql`select distinct family_code as code from articles where active order by 1`,
    );
    const [kept] = await queryRows<{ found: boolean }>(
      handle.db,
      sql`select exists (select 1 from families where code = ${KEPT_CATEGORY}) as found`,
    );
    const activities = await queryRows<{ code: string }>(
      handle.db,
      sql`select code from activities order by position, code`,
    );
    const words = new Set<string>();
    // The first designations give words enough (a few thousand) for searches that never repeat.
    for (const { designation } of articles.slice(0, 20_000))
      for (const word of designation.toLowerCase().split(/[\s,;:()/'"]+/))
        if (word.length >= 3 && /\p{L}/u.test(word)) words.add(word);
    const codes = articles.map((a) => a.code);
    const familyCodes = families.map((f) => f.code);
    return {
      articles: codes,
      families: familyCodes,
      activities: activities.map((a) => a.code),
      words: [...words],
      keptCategory: kept?.found ? KEPT_CATEGORY : familyCodes[0]!,
      keptProduct: codes.includes(KEPT_PRODUCT) ? KEPT_PRODUCT : codes[0]!,
    };
  } finally {
    await handle.close();
  }
}

export const searchPath = (text: string) => `/rest/recherche/${encodeURIComponent(text)}`;

/** The three kept pages as their names and paths. */
export const keptPages = (catalogue: Catalogue) => [
  { name: 'accueil', path: '/' },
  { name: 'catégorie', path: familyLink(catalogue.keptCategory) },
  { name: 'article', path: articleLink(catalogue.keptProduct) },
];

/**
 * Distinct product pages, each once: every active article but the kept one, at most `count`, from
 * `offset` on (the mix takes the ones the cold measure left).
 */
export const coldProductPaths = (catalogue: Catalogue, count: number, offset = 0) =>
  catalogue.articles
    .filter((code) => code !== catalogue.keptProduct)
    .slice(offset, offset + count)
    .map(articleLink);

/**
 * Search texts that never repeat within a run: pairs of designation words (the k-th pair is
 * words[k mod n] then words[⌊k / n⌋ mod n], distinct for k < n²), a round number after them past that.
 */
export function neverRepeatedSearches(words: string[]): () => string {
  const vocabulary = words.length ? words : ['vis'];
  const n = vocabulary.length;
  let k = 0;
  return () => {
    const round = Math.floor(k / (n * n));
    const text = `${vocabulary[k % n]} ${vocabulary[Math.floor(k / n) % n]}${round ? ` ${round}` : ''}`;
    k++;
    return text;
  };
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** One kind of request of the visitor's mix: its share, and the next request's path. */
export interface MixPart {
  name: string;
  weight: number;
  /** An HTML page (a browser's headers) or data (JSON). */
  page: boolean;
  next: () => string;
}

/**
 * A visitor's mix: the pages (the home, category pages, product pages, half of them the kept one and
 * half the next of a list never asked before in the run, when `coldProducts` has any left), the menu
 * and the category data, searches that never repeat.
 */
export function visitorMix(
  catalogue: Catalogue,
  nextSearch: () => string,
  coldProducts: string[] = [],
): MixPart[] {
  let cold = 0;
  const product = () =>
    cold < coldProducts.length && Math.random() < 0.5
      ? coldProducts[cold++]!
      : articleLink(Math.random() < 0.5 ? catalogue.keptProduct : pick(catalogue.articles));
  return [
    { name: 'page accueil', weight: 12, page: true, next: () => '/' },
    { name: 'page catégorie', weight: 14, page: true, next: () => familyLink(pick(catalogue.families)) },
    { name: 'page article', weight: 24, page: true, next: product },
    {
      name: 'menu (JSON)',
      weight: 12,
      page: false,
      next: () =>
        Math.random() < 0.5 || !catalogue.activities.length
          ? '/menu/activites'
          : `/submenu/${encodeURIComponent(pick(catalogue.activities))}`,
    },
    {
      name: 'catégorie (JSON)',
      weight: 18,
      page: false,
      next: () =>
        Math.random() < 0.3
          ? '/catalogue/categories'
          : `/catalogue/familles/${encodeURIComponent(pick(catalogue.families))}`,
    },
    { name: 'recherche nouvelle', weight: 20, page: false, next: () => searchPath(nextSearch()) },
  ];
}

/** Draws a part of the mix by its weight. */
export function drawer<T extends { weight: number }>(parts: readonly T[]): () => T {
  const total = parts.reduce((sum, p) => sum + p.weight, 0);
  return () => {
    let r = Math.random() * total;
    for (const p of parts) if ((r -= p.weight) < 0) return p;
    return parts[0]!;
  };
}
