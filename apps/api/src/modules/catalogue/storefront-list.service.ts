// The storefront's tiles and lists (docs/contract/catalogue-and-product-pages.md): the root
// categories, a family page (its sub-families, facets and sorted, filtered articles), the tiles of
// given articles or declinaisons (the home's selection, the search panel, the account's reorder) and
// the search results' list. Prices are the viewer's (prices.service), stock where it buys
// (shopper.service.ts).
import type { DbOrTx } from '@comptoir/db/client';
import {
  articleLink,
  CATALOGUE_MESSAGES,
  familyLink,
  infoStockOf,
  priceWithVat,
  type ArticleCard,
  type ArticleListQuery,
  type Categorie,
  type FamilyPage,
  type FamilyPageQuery,
  type LienFamille,
} from '@comptoir/shared/catalogue';
import { articleImage } from '@comptoir/shared/images';
import { notFound } from '../../errors';
import {
  familiesUnder,
  familyPath,
  subtreeCodes,
  type CodeLabelRow,
  type FamilyCountRow,
} from '../families/families.service';
import { unitPrices } from '../prices/prices.service';
import {
  cardRows,
  familyFacets,
  familyRows,
  FAMILY_PAGE_TABLES,
  PRICED_FAMILY_PAGES,
} from './catalogue.kept';
import {
  pricedKey,
  PRICE_TABLES,
  priceFor,
  priceRequestOf,
  sharedVisitorKey,
  shopperOf,
  stockDisplay,
  venteOf,
  withStock,
  type KeptPage,
  type Viewer,
} from './shopper.service';
import * as repo from './storefront-list.repository';

const categoryOf = (row: FamilyCountRow): Categorie => ({
  code: row.code,
  libelle: row.label,
  lien: familyLink(row.code),
  nbArticles: Number(row.articles),
});

export async function rootCategories(db: DbOrTx): Promise<Categorie[]> {
  return (await familiesUnder(db, null)).map(categoryOf);
}

export const familyLinkOf = (row: CodeLabelRow): LienFamille => ({
  code: row.code,
  libelle: row.label,
  lien: familyLink(row.code),
});

/** A tile's row with the viewer's stock (at its agency, else in all agencies together). */
type StockedCardRow = repo.ArticleCardRow & { quantity: number | null };

/** A storefront tile: `prixHT` is the viewer's price, undefined when prices are hidden from it. */
const toArticleCard = (row: StockedCardRow, prixHT: number | undefined): ArticleCard => ({
  codeArticle: row.code,
  designation: row.designation,
  lien: articleLink(row.code),
  image: articleImage(row.code, row.image),
  prixHT,
  prixTTC: prixHT === undefined ? undefined : priceWithVat(prixHT, row.vatRate),
  uniteTarif: row.saleUnit,
  uniteStock: row.stockUnit,
  infoStock: infoStockOf(row.quantity),
  hasDeclinaisons: row.hasVariants,
  vente: venteOf(row),
});

/**
 * These tiles' rows (`cardRows` of catalogue.kept.ts) as the viewer's storefront tiles, in their order:
 * its stock (at its agency, else in all agencies together) and its prices.
 */
export async function cardsOf(
  db: DbOrTx,
  rows: readonly repo.ArticleCardRow[],
  viewer: Viewer,
): Promise<ArticleCard[]> {
  const shopper = await shopperOf(db, viewer);
  const stocked = await withStock(db, rows, shopper.agency);
  const prices = await unitPrices(db, shopper.account, stocked.map(priceRequestOf));
  return stocked.map((row, index) => toArticleCard(row, priceFor(shopper, prices[index]!)));
}

/**
 * These active articles as storefront tiles, in the order given, with the viewer's stock. Outside a
 * transaction, the settings and the tiles' rows come from the answer cache when the app keeps one
 * (only a customer's prices are read then): the family pages ask for them on each page.
 */
export async function articleCards(
  db: DbOrTx,
  codes: readonly string[],
  viewer: Viewer,
): Promise<ArticleCard[]> {
  return cardsOf(db, await cardRows(db, codes), viewer);
}

/**
 * These declinaisons as storefront tiles (their own designation, price and stock, priced for the viewer
 * as the product page does), unknown ones or those of withdrawn articles left out.
 */
export async function variantCards(
  db: DbOrTx,
  keys: readonly { codeArticle: string; codeDeclinaison: string }[],
  viewer: Viewer,
): Promise<(ArticleCard & { codeDeclinaison: string })[]> {
  const shopper = await shopperOf(db, viewer);
  const rows = await withStock(
    db,
    await repo.variantCardsOf(
      db,
      keys.map((key) => ({ articleCode: key.codeArticle, variantCode: key.codeDeclinaison })),
    ),
    shopper.agency,
  );
  const prices = await unitPrices(db, shopper.account, rows.map(priceRequestOf));
  return rows.map((row, index) => ({
    ...toArticleCard(row, priceFor(shopper, prices[index]!)),
    codeDeclinaison: row.variantCode,
  }));
}

/** True when the list is the plain one: by designation, nothing filtered. */
const isPlainList = (query: ArticleListQuery) =>
  (query.tri === 'pertinence' || query.tri === 'designation') &&
  query.enStock === '0' &&
  query.prixMin === undefined &&
  query.prixMax === undefined &&
  (query.attribut ?? []).length === 0;

/** The attribute filters grouped by name: values of one name are alternatives, names all apply. */
function attributeFilters(query: ArticleListQuery): repo.ListFilter['attributes'] {
  const byName = new Map<string, string[]>();
  for (const { nom, valeur } of query.attribut ?? []) byName.set(nom, [...(byName.get(nom) ?? []), valeur]);
  return [...byName].map(([name, values]) => ({ name, values }));
}

/**
 * A page of a sorted and filtered list of articles (docs/contract/catalogue-and-product-pages.md), and
 * how many pass the filters. Prices are the viewer's own: a price sort or range reads every candidate's
 * price (one query for a customer's rules) before paging; a viewer who may not see prices gets neither.
 * `relevance` gives the order of 'pertinence' (a search's ranking); without it, by designation.
 */
export async function browseArticles(
  db: DbOrTx,
  viewer: Viewer,
  scope: repo.ListScope,
  query: ArticleListQuery,
  page: { offset: number; limit: number },
  relevance?: readonly string[],
): Promise<{ total: number; cards: ArticleCard[] }> {
  const shopper = await shopperOf(db, viewer);
  const rows = await repo.listRows(db, scope, shopper.agency, {
    inStock: query.enStock === '1',
    attributes: attributeFilters(query),
  });
  let listed: { code: string; price: number }[] = rows.map((row) => ({ code: row.code, price: row.price }));
  const byPrice = query.tri === 'prix-croissant' || query.tri === 'prix-decroissant';
  if (shopper.showPrices && (byPrice || query.prixMin !== undefined || query.prixMax !== undefined)) {
    const prices = await unitPrices(db, shopper.account, rows.map(priceRequestOf));
    listed = rows
      .map((row, index) => ({ code: row.code, price: prices[index]! }))
      .filter(
        ({ price }) =>
          (query.prixMin === undefined || price >= query.prixMin) &&
          (query.prixMax === undefined || price <= query.prixMax),
      );
  }
  // Stable sorts: equal prices stay by designation.
  if (byPrice && shopper.showPrices)
    listed.sort((a, b) => (query.tri === 'prix-croissant' ? a.price - b.price : b.price - a.price));
  else if (query.tri === 'pertinence' && relevance) {
    const rank = new Map(relevance.map((code, index) => [code, index]));
    listed.sort((a, b) => rank.get(a.code)! - rank.get(b.code)!);
  }
  const codes = listed.slice(page.offset, page.offset + page.limit).map((item) => item.code);
  return { total: listed.length, cards: await articleCards(db, codes, viewer) };
}

export async function familyPage(
  db: DbOrTx,
  code: string,
  query: FamilyPageQuery,
  viewer: Viewer,
): Promise<FamilyPage> {
  const path = await familyPath(db, code);
  const current = path.at(-1);
  if (!current) throw notFound(CATALOGUE_MESSAGES.familyNotFound);
  const codes = await subtreeCodes(db, code);
  const page = pageOf(query);
  const [children, list, facets, affichage] = await Promise.all([
    familiesUnder(db, code),
    isPlainList(query)
      ? plainFamilyList(db, code, codes, viewer, page)
      : browseArticles(db, viewer, { familyCodes: codes }, query, page),
    familyFacets(db, code, codes),
    stockDisplay(db),
  ]);
  return {
    famille: familyLinkOf(current),
    fil: path.map(familyLinkOf),
    sousFamilles: children.map(categoryOf),
    affichageStock: affichage,
    attributs: facets,
    articles: { total: list.total, page: query.page, size: query.size, elements: list.cards },
  };
}

const pageOf = (query: FamilyPageQuery) => ({ offset: query.page * query.size, limit: query.size });

/**
 * How the plain family page is kept: the same for every visitor (sharedVisitorKey), else per what
 * this viewer's answer depends on (pricedKey); undefined for a filtered list (too many to keep) or an
 * unknown family (its 404 is the page's).
 */
export async function familyPageKey(
  db: DbOrTx,
  code: string,
  query: FamilyPageQuery,
  viewer: Viewer,
): Promise<KeptPage | undefined> {
  if (!isPlainList(query)) return undefined;
  const page = `${query.tri}:${query.page}:${query.size}`;
  const visitors = await sharedVisitorKey(db, viewer);
  if (visitors)
    return { key: `catalogue:family-page:${code}:${visitors}:${page}`, tables: FAMILY_PAGE_TABLES };
  if ((await familyPath(db, code)).length === 0) return undefined;
  const shopper = await shopperOf(db, viewer);
  // The key's prices need the rows, not their stock (the agency is in the key).
  const { rows } = await familyRows(db, code, await subtreeCodes(db, code), pageOf(query));
  return {
    key: `${code}:${await pricedKey(db, shopper, rows.map(priceRequestOf))}:${page}`,
    tables: [...FAMILY_PAGE_TABLES, ...PRICE_TABLES],
    among: PRICED_FAMILY_PAGES,
  };
}

/**
 * The family's articles by designation, unfiltered: counted and paged by the database, the page's
 * rows per stock agency kept in the answer cache until the tiles' tables or the tree change.
 */
async function plainFamilyList(
  db: DbOrTx,
  family: string,
  codes: readonly string[],
  viewer: Viewer,
  page: { offset: number; limit: number },
): Promise<{ total: number; cards: ArticleCard[] }> {
  const kept = await familyRows(db, family, codes, page);
  return { total: kept.total, cards: await cardsOf(db, kept.rows, viewer) };
}
