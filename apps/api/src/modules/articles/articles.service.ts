// The back office's article calls (docs/contract/variant-groupings-and-the-article-calls.md, The article calls): the pickers' two searches, an
// article's measures and options, and "deleting" an article. The catalogue module owns the articles;
// this module only composes its service with the families' tree and the groupings.
import type { Database, DbOrTx } from '@comptoir/db/client';
import {
  ARTICLE_MESSAGES,
  ARTICLE_PAGE_SIZE,
  type ArticleMeasures,
  type ArticleOptions,
  type ArticleSearchQuery,
  type ArticleSearchResponse,
  type ArticlesQuery,
  type ArticlesResponse,
  type DeleteArticleResponse,
} from '@comptoir/shared/groupings';
import { pageCount } from '@comptoir/shared/pagination';
import { foldText } from '@comptoir/shared/text';
import { notFound } from '../../errors';
import {
  articleMeasures,
  deactivateArticle,
  findArticles,
  groupableArticles,
  type ArticleSearch,
} from '../catalogue/catalogue.service';
import { subtreeCodes } from '../families/families.service';
import { groupingsOfArticles, removeArticleFromGroupings } from '../groupings/groupings.service';

async function searchOf(
  db: DbOrTx,
  query: ArticlesQuery,
  extra: { onlyAvailable: boolean },
): Promise<ArticleSearch> {
  const familyCodes =
    query.codeFamille === undefined
      ? null
      : query.familleExact
        ? [query.codeFamille]
        : await subtreeCodes(db, query.codeFamille);
  return {
    words: query.queryString ? foldText(query.queryString).split(/\s+/).filter(Boolean) : [],
    familyCodes,
    perVariant: !query.filterArticlesFields,
    onlyAvailable: extra.onlyAvailable,
  };
}

async function page(db: DbOrTx, query: ArticlesQuery, onlyAvailable: boolean) {
  const search = await searchOf(db, query, { onlyAvailable });
  const { rows, total } = await findArticles(db, search, {
    offset: query.page * ARTICLE_PAGE_SIZE,
    limit: ARTICLE_PAGE_SIZE,
  });
  const held = await groupingsOfArticles(db, [...new Set(rows.map((row) => row.code))]);
  const list = rows.map((row) => ({
    codeArticle: row.code,
    codeDeclinaison: row.variantCode,
    designation1: row.designation,
    codeFamille: row.familyCode,
    regroupement: held.get(row.code) ?? null,
  }));
  return { list, pages: pageCount(total, ARTICLE_PAGE_SIZE) };
}

export const listArticles = (db: DbOrTx, query: ArticlesQuery): Promise<ArticlesResponse> =>
  page(db, query, false);

/** The selection trees' search: the chosen articles (selectedItems) come back flagged. */
export async function searchArticles(db: DbOrTx, query: ArticleSearchQuery): Promise<ArticleSearchResponse> {
  const result = await page(db, query, query.excludeUnavailableArticles);
  const selected = new Set(query.selectedItems);
  return {
    list: result.list.map((row) => ({ ...row, selectionne: selected.has(row.codeArticle) })),
    pages: result.pages,
  };
}

export const measuresOf = (db: DbOrTx, code: string): Promise<ArticleMeasures> => articleMeasures(db, code);

/**
 * "Deleting" an ERP-mastered article deactivates it: it leaves the storefront and the pickers, its
 * orders keep pointing at it, and it leaves every grouping in the same transaction (a grouping left
 * with fewer than 2 articles is deleted; one whose master it was gets its first article as master).
 */
export async function deleteArticle(db: Database, code: string): Promise<DeleteArticleResponse> {
  return db.transaction(async (tx) => {
    if (!(await deactivateArticle(tx, code))) throw notFound(ARTICLE_MESSAGES.notFound);
    const { changed, deleted } = await removeArticleFromGroupings(tx, code);
    return {
      message: ARTICLE_MESSAGES.deactivated,
      regroupementsModifies: changed,
      regroupementsSupprimes: deleted,
    };
  });
}

/** The options of each article or declinaison named (unknown keys are left out). */
export async function optionsOfArticles(db: DbOrTx, keys: readonly string[]): Promise<ArticleOptions[]> {
  return (await groupableArticles(db, keys)).map((item) => ({ article: item.key, options: item.options }));
}
