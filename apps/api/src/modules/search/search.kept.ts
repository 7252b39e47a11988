// What the search keeps in the answer cache (plugins/kept-read.ts): the index, one per server
// process, and the results page's facets per text, until the articles or the families change (what
// the index is built from); the tables and bound of the panels the route keeps as sent (sendKept).
import type { DbOrTx } from '@comptoir/db/client';
import { keptInSet, keptRead } from '../../plugins/kept-read';
import {
  attributeFacets,
  FAMILY_PAGE_TABLES,
  packedSearchableArticles,
  searchableArticles,
} from '../catalogue/catalogue.service';
import { familyLabels } from '../families/families.reads';
import { SearchIndex } from './search-index';
import { buildIndex } from './search-index-build';

/** The tables the index is built from: it is rebuilt when one of them changes. */
export const SEARCH_INDEX_TABLES = ['articles', 'families'] as const;

/** The panel's answer for a visitor is kept whole until one of these changes: its tiles' tables and the index's. */
export const SEARCH_PANEL_TABLES = [...new Set([...FAMILY_PAGE_TABLES, ...SEARCH_INDEX_TABLES])];
/** Panels kept at most (a set of their own: the texts typed are many, and must not push the menu out). */
export const KEPT_SEARCH_PANELS = { set: 'search-panels', limit: 5_000 };

/** Reads the active articles and the families and indexes them. */
export async function buildSearchIndex(db: DbOrTx): Promise<SearchIndex> {
  const [packed, families] = await Promise.all([packedSearchableArticles(db), familyLabels(db)]);
  return packed ? buildIndex(packed, families) : new SearchIndex(await searchableArticles(db), families);
}

/** The index of the server process serving on `db`, rebuilt after a commit changes its tables. */
export const searchIndex = keptRead({
  key: () => 'search:index',
  tables: SEARCH_INDEX_TABLES,
  load: (db) => buildSearchIndex(db),
});

/** The search texts whose facets are kept at most (a text's facets are a few kilobytes at most). */
const KEPT_FACET_TEXTS = 2000;

/**
 * The attributes of the articles `words` find (`codes`), kept per text: the results page's facets are
 * the same whatever the page or filter.
 */
export const searchFacets = keptInSet({
  set: 'search:facets',
  tables: SEARCH_INDEX_TABLES,
  limit: KEPT_FACET_TEXTS,
  key: (words: readonly string[], _codes: string[]) => words.join(' '),
  load: (db, _words: readonly string[], codes: string[]) => attributeFacets(db, { codes }),
});
