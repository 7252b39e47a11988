// Storefront search (docs/contract/search.md): words are matched in memory (search-index.ts) against
// the active articles and the families; the articles shown are then read like the catalogue's tiles,
// with the viewer's price (when it may see prices) and stock.
import type { DbOrTx } from '@comptoir/db/client';
import type { ArticleCard } from '@comptoir/shared/catalogue';
import { familyLink } from '@comptoir/shared/catalogue';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import {
  SEARCH_MAX_ARTICLES,
  SEARCH_MAX_CATEGORIES,
  SEARCH_PAGE_SIZE,
  searchText,
  searchWords,
  type SearchArticle,
  type SearchPage,
  type SearchPageQuery,
  type SearchResult,
  type SearchSettings,
} from '@comptoir/shared/search';
import { badRequest } from '../../errors';
import { cardRows } from '../catalogue/catalogue.kept';
import { browseArticles, cardsOf, sharedVisitorKey, type Viewer } from '../catalogue/catalogue.service';
import { readSetting } from '../settings/settings.service';
import type { SearchIndex } from './search-index';
import { searchFacets, SEARCH_PANEL_TABLES } from './search.kept';

/**
 * How a viewer's panel answer is kept (sendKept): an anonymous visitor's is the same for every visitor
 * of the same stock agency; undefined for a customer, whose prices are its own.
 */
export async function searchPanelKey(
  db: DbOrTx,
  text: string,
  viewer: Viewer,
): Promise<{ key: string; tables: readonly string[] } | undefined> {
  const visitors = await sharedVisitorKey(db, viewer);
  return visitors === undefined ? undefined : { key: `${visitors}:${text}`, tables: SEARCH_PANEL_TABLES };
}

/** Gives the current index (the routes keep it until its tables change). */
export type IndexSource = () => Promise<SearchIndex>;

/** The words of a valid search text; 400 with the French message otherwise. */
function wordsOf(text: string): string[] {
  const parsed = searchText.safeParse(text);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Recherche invalide');
  return searchWords(parsed.data);
}

const articleOf = (card: ArticleCard): SearchArticle => ({
  id: card.codeArticle,
  link: card.lien,
  image: { src: card.image, libelle: card.designation },
  designation: card.designation,
  codeArticle: card.codeArticle,
  // Declinaisons are not searched on their own: every result is an article.
  isVariant: false,
  hasDeclinaisons: card.hasDeclinaisons,
  infoStock: card.infoStock,
  uniteStock: card.uniteStock,
  // Absent (not null) when the viewer may not see prices.
  ...(card.prixHT === undefined ? {} : { prixHT: card.prixHT, prixTTC: card.prixTTC }),
  uniteTarif: card.uniteTarif,
  vente: card.vente,
});

/**
 * These articles' tiles for the viewer, in the order given: their rows as the catalogue keeps them
 * (`cardRows` of catalogue.kept.ts, whose SQL is `articleCardsOf` of storefront-list.repository.ts),
 * then the viewer's stock and prices (`cardsOf`).
 */
const tilesOf = async (db: DbOrTx, codes: readonly string[], viewer: Viewer): Promise<ArticleCard[]> =>
  cardsOf(db, await cardRows(db, codes), viewer);

/**
 * The header panel's answer, at each keystroke: the best few articles (the index ranks only those)
 * and their tiles from the answer cache, so that a visitor's search reads nothing from the database.
 */
export async function search(
  db: DbOrTx,
  index: IndexSource,
  text: string,
  viewer: Viewer,
): Promise<SearchResult> {
  const words = wordsOf(text);
  const found = await index();
  const hits = found.findArticles(words, SEARCH_MAX_ARTICLES);
  const cards = await tilesOf(db, hits.codes, viewer);
  return {
    articles: cards.map(articleOf),
    categories: found.searchFamilies(words, SEARCH_MAX_CATEGORIES).map((family) => ({
      id: family.code,
      link: familyLink(family.code),
      libelle: family.label,
    })),
    totalResults: hits.total,
  };
}

/**
 * The results page: every article found, by relevance unless sorted, filtered as asked, 24 a page, and
 * the attributes of all the articles found (the filters left aside, as on a category page).
 */
export async function searchAll(
  db: DbOrTx,
  index: IndexSource,
  text: string,
  query: SearchPageQuery,
  viewer: Viewer,
): Promise<SearchPage> {
  const words = wordsOf(text);
  const codes = (await index()).searchArticles(words);
  const page = { offset: query.page * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE };
  const plain =
    query.tri === 'pertinence' &&
    query.enStock === '0' &&
    query.prixMin === undefined &&
    query.prixMax === undefined &&
    query.attribut.length === 0;
  const [{ total, cards }, attributs] = await Promise.all([
    plain
      ? tilesOf(db, codes.slice(page.offset, page.offset + page.limit), viewer).then((found) => ({
          total: codes.length,
          cards: found,
        }))
      : browseArticles(db, viewer, { codes }, query, page, codes),
    searchFacets(db, words, codes),
  ]);
  return { total, page: query.page, size: SEARCH_PAGE_SIZE, elements: cards.map(articleOf), attributs };
}

export async function searchSettingsOf(db: DbOrTx): Promise<SearchSettings> {
  const [longueurDeclenchement, affichageStock] = await Promise.all([
    readSetting(db, SETTING_KEYS.searchTriggerLength),
    readSetting(db, SETTING_KEYS.stockDisplay),
  ]);
  return { longueurDeclenchement, affichageStock };
}
