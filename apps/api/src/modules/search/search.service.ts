// Storefront search (docs/contract.md, Search): articles through the catalogue, families through the
// family tree. Stock is read like the catalogue does: the customer's agency when logged in as a
// customer, otherwise all agencies together.
import type { DbOrTx } from '@comptoir/db/client';
import { articleImage, articleLink, familyLink, infoStockOf } from '@comptoir/shared/catalogue';
import { SETTING_KEYS } from '@comptoir/shared/domain';
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
import {
  countSearchedArticles,
  searchArticles,
  shopperOf,
  type ArticleCardRow,
  type Viewer,
} from '../catalogue/catalogue.service';
import { searchFamilies } from '../families/families.service';
import { readSetting } from '../settings/settings.service';

/** The words of a valid search text; 400 with the French message otherwise. */
function wordsOf(text: string): string[] {
  const parsed = searchText.safeParse(text);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Recherche invalide');
  return searchWords(parsed.data);
}

const articleOf = (row: ArticleCardRow): SearchArticle => ({
  id: row.code,
  link: articleLink(row.code),
  image: { src: articleImage(row.code, row.image), libelle: row.designation },
  designation: row.designation,
  codeArticle: row.code,
  // Declinaisons are not searched on their own: every result is an article.
  isVariant: false,
  hasDeclinaisons: row.hasVariants,
  infoStock: infoStockOf(row.quantity),
  uniteStock: row.stockUnit,
});

export async function search(db: DbOrTx, text: string, viewer: Viewer): Promise<SearchResult> {
  const words = wordsOf(text);
  const { agency } = await shopperOf(db, viewer);
  const [rows, families, total] = await Promise.all([
    searchArticles(db, words, agency, { offset: 0, limit: SEARCH_MAX_ARTICLES }),
    searchFamilies(db, words, SEARCH_MAX_CATEGORIES),
    countSearchedArticles(db, words),
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

export async function searchAll(db: DbOrTx, text: string, page: number, viewer: Viewer): Promise<SearchPage> {
  const words = wordsOf(text);
  const { agency } = await shopperOf(db, viewer);
  const [rows, total] = await Promise.all([
    searchArticles(db, words, agency, { offset: page * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE }),
    countSearchedArticles(db, words),
  ]);
  return { total, page, size: SEARCH_PAGE_SIZE, elements: rows.map(articleOf) };
}

export async function searchSettingsOf(db: DbOrTx): Promise<SearchSettings> {
  const [longueurDeclenchement, affichageStock] = await Promise.all([
    readSetting(db, SETTING_KEYS.searchTriggerLength),
    readSetting(db, SETTING_KEYS.stockDisplay),
  ]);
  return { longueurDeclenchement, affichageStock };
}
