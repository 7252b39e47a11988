// Storefront search (SPEC §7 GET /rest/recherche/{text}). Stock is read like the catalogue does:
// the customer's agency when logged in as a customer, otherwise all agencies together.
import type { Database } from '@comptoir/db/client';
import { articleLink, familyLink, infoStockOf } from '@comptoir/shared/catalogue';
import { SETTING_DEFAULTS, SETTING_KEYS, settingValues } from '@comptoir/shared/domain';
import {
  SEARCH_MAX_ARTICLES,
  SEARCH_MAX_CATEGORIES,
  SEARCH_PAGE_SIZE,
  searchText,
  searchWords,
  type SearchArticle,
  type SearchPage,
  type SearchResult,
  type SearchSettings,
} from '@comptoir/shared/search';
import { badRequest } from '../../errors';
import { customerAgency, settingJson } from '../catalogue/catalogue.repository';
import { countArticles, searchArticles, searchFamilies, type SearchArticleRow } from './search.repository';

export interface Viewer {
  codeClient: string | null;
}

/** The words of a valid search text; 400 with the French message otherwise. */
function wordsOf(text: string): string[] {
  const parsed = searchText.safeParse(text);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Recherche invalide');
  return searchWords(parsed.data);
}

async function stockAgency(db: Database, viewer: Viewer | null): Promise<string | null> {
  if (!viewer?.codeClient) return null;
  return (await customerAgency(db, viewer.codeClient)) ?? null;
}

const articleOf = (row: SearchArticleRow): SearchArticle => ({
  id: row.code,
  link: articleLink(row.code),
  image: { src: row.image, libelle: row.designation },
  designation: row.designation,
  codeArticle: row.code,
  // Declinaisons are not searched on their own: every result is an article.
  isVariant: false,
  hasDeclinaisons: row.hasVariants,
  infoStock: infoStockOf(row.quantity),
  uniteStock: row.stockUnit,
});

export async function search(db: Database, text: string, viewer: Viewer | null): Promise<SearchResult> {
  const words = wordsOf(text);
  const agency = await stockAgency(db, viewer);
  const [rows, families, total] = await Promise.all([
    searchArticles(db, words, agency, SEARCH_MAX_ARTICLES, 0),
    searchFamilies(db, words, SEARCH_MAX_CATEGORIES),
    countArticles(db, words),
  ]);
  return {
    articles: rows.map(articleOf),
    categories: families.map((family) => ({
      id: family.code,
      link: familyLink(family.code),
      libelle: family.label,
    })),
    totalResults: total,
  };
}

export async function searchAll(
  db: Database,
  text: string,
  page: number,
  viewer: Viewer | null,
): Promise<SearchPage> {
  const words = wordsOf(text);
  const agency = await stockAgency(db, viewer);
  const [rows, total] = await Promise.all([
    searchArticles(db, words, agency, SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE),
    countArticles(db, words),
  ]);
  return { total, page, size: SEARCH_PAGE_SIZE, elements: rows.map(articleOf) };
}

/** A setting's stored value, or its default when never stored or no longer valid. */
async function settingOf<
  K extends typeof SETTING_KEYS.searchTriggerLength | typeof SETTING_KEYS.stockDisplay,
>(db: Database, key: K): Promise<(typeof SETTING_DEFAULTS)[K]> {
  const json = await settingJson(db, key);
  const parsed = settingValues[key].safeParse(json === undefined ? undefined : JSON.parse(json));
  return (parsed.success ? parsed.data : SETTING_DEFAULTS[key]) as (typeof SETTING_DEFAULTS)[K];
}

export async function searchSettingsOf(db: Database): Promise<SearchSettings> {
  const [longueurDeclenchement, affichageStock] = await Promise.all([
    settingOf(db, SETTING_KEYS.searchTriggerLength),
    settingOf(db, SETTING_KEYS.stockDisplay),
  ]);
  return { longueurDeclenchement, affichageStock };
}
