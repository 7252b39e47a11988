// What the catalogue keeps in the answer cache (plugins/kept-read.ts), under which key and until
// which tables change: the services call these as plain reads. Each is kept for every agency alike
// (the viewer's stock is picked from stockLevels, its prices are the prices module's).
import type { DbOrTx } from '@comptoir/db/client';
import { CATALOGUE_MESSAGES } from '@comptoir/shared/catalogue';
import { notFound } from '../../errors';
import { keepsAnswers, keptRead, keptValuesOf } from '../../plugins/kept-read';
import { attributeFacets } from './article-attributes';
import * as forCart from './articles-for-cart.repository';
import * as productRepo from './product-page.repository';
import { regroupementOf } from './regroupement';
import { NO_STOCK, stockLevelsFromSums, type StockLevels } from './stock-levels';
import { stockSumsOf } from './stock-levels.repository';
import * as listRepo from './storefront-list.repository';

/** The tables a storefront tile is read from. */
export const CARD_TABLES = ['articles', 'units', 'variants', 'stock'] as const;

/** The tables a product page's rows are read from (its family path is the families service's). */
const PRODUCT_TABLES = [...CARD_TABLES, 'groupings', 'grouping_articles'] as const;

/**
 * The rows of an active article's page (404 when there is none), until their tables change: the
 * storefront's most asked page.
 */
export const productRows = keptRead({
  key: (code: string) => `catalogue:product:${code}`,
  tables: PRODUCT_TABLES,
  load: async (db, code: string) => {
    const found = await productRepo.findProductRows(db, code);
    // Thrown, not kept: a refusal is asked again next time.
    if (!found) throw notFound(CATALOGUE_MESSAGES.articleNotFound);
    return { ...found, grouping: await regroupementOf(db, found.grouping) };
  },
});

/**
 * The article and its declinaisons' codes, as the cart checks what it adds; undefined when unknown.
 * Kept until articles or declinaisons change: asked on every cart addition.
 */
export const articleForCart = keptRead({
  key: (code: string) => `catalogue:for-cart:${code}`,
  tables: ['articles', 'variants', 'units'],
  load: (db, code: string) => forCart.findArticleWithVariants(db, code),
});

/**
 * The stock of these articles at every agency, kept per article until the stock changes: pages and
 * tiles are kept once for all agencies, and each viewer's agency picks from these.
 */
export const stockLevels = keptValuesOf<[], StockLevels>({
  set: 'catalogue:stock',
  tables: ['stock'],
  load: async (db, missing) => {
    const levels = stockLevelsFromSums(await stockSumsOf(db, missing));
    // An article without stock is kept too, rather than asked again at every view.
    for (const code of missing) if (!levels.has(code)) levels.set(code, NO_STOCK);
    return levels;
  },
});

const keptCardRows = keptValuesOf<[], listRepo.ArticleCardRow>({
  set: 'catalogue:cards',
  tables: CARD_TABLES,
  load: async (db, missing) =>
    new Map((await listRepo.articleCardsOf(db, missing)).map((row) => [row.code, row])),
});

/** The tiles' rows of these active articles, in the order given, kept one by one until their tables change. */
export async function cardRows(db: DbOrTx, codes: readonly string[]): Promise<listRepo.ArticleCardRow[]> {
  if (!keepsAnswers(db)) return listRepo.articleCardsOf(db, codes);
  const kept = await keptCardRows(db, codes);
  return codes.flatMap((code) => kept.get(code) ?? []);
}

/** A family page's facets (`codes`: its subtree), until the tree or the articles change. */
export const familyFacets = keptRead({
  key: (family: string, _codes: readonly string[]) => `catalogue:facets:${family}`,
  tables: ['families', 'articles'],
  load: (db, _family: string, codes: readonly string[]) => attributeFacets(db, { familyCodes: codes }),
});

/** A page of the family's rows by designation (`codes`: its subtree), and their total, until their tables change. */
export const familyRows = keptRead({
  key: (family: string, _codes: readonly string[], page: { offset: number; limit: number }) =>
    `catalogue:family-list:${family}:${page.offset}:${page.limit}`,
  tables: [...CARD_TABLES, 'families'],
  load: async (db, _family: string, codes: readonly string[], page: { offset: number; limit: number }) => {
    const [total, rows] = await Promise.all([
      listRepo.countArticlesIn(db, codes),
      listRepo.articleCardsIn(db, codes, page),
    ]);
    return { total, rows };
  },
});

// The pages the routes keep as sent (sendKept): their keys depend on the viewer (familyPageKey,
// productPageKey), their tables and bounds are these.

/** What a page of tiles is built from: kept whole until one of them changes (search keeps its panel so too). */
export const FAMILY_PAGE_TABLES = [...CARD_TABLES, 'activities', 'families', 'settings'] as const;

/**
 * Bounds of the pages kept with a viewer's own prices (their texts are a few to a few tens of
 * kilobytes): customers who pay the same prices on a page share its text, so a page has a handful of
 * variants (docs/performance/http.md). A change of the rules drops them.
 */
export const PRICED_FAMILY_PAGES = { set: 'catalogue:priced-family-pages', limit: 2_000 };

/** The tables a product page is read from (its rows, family path, stock display and stock query link). */
export const PRODUCT_PAGE_TABLES = [...PRODUCT_TABLES, 'families', 'settings', 'agencies'] as const;

/** Bound of the product pages kept with a viewer's own prices (as PRICED_FAMILY_PAGES). */
export const PRICED_PRODUCT_PAGES = { set: 'catalogue:priced-product-pages', limit: 4_000 };
