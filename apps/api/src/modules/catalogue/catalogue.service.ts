// The storefront catalogue (docs/contract/catalogue-and-product-pages.md): root categories, family
// pages, product pages and the article search. Prices are the viewer's (prices.service). Stock is read where the
// customer buys: a logged-in customer sees its agency's stock; visitors and administrators (no agency)
// see the total over all agencies, the quantity the shop as a whole can supply.
import type { DbOrTx } from '@comptoir/db/client';
import type { JsonRowsQuery } from '@comptoir/db/upsert';
import {
  articleLink,
  attributeLabel,
  CATALOGUE_MESSAGES,
  familyLink,
  infoStockOf,
  MEASURE_KEYS,
  MEASURE_LABELS,
  priceWithVat,
  stockQueryLink,
  type AffichageStock,
  type ArticleCard,
  type VenteArticle,
  type ArticleListQuery,
  type AttributeFacet,
  type Categorie,
  type FamilyPage,
  type FamilyPageQuery,
  type FicheArticle,
  type LienFamille,
  type MeasureKey,
  type Mesure,
  type Regroupement,
} from '@comptoir/shared/catalogue';
import { AGENCY_CHOICE_MESSAGES, type AgenceCourante } from '@comptoir/shared/connection-settings';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import {
  ARTICLE_MESSAGES,
  EXCLUDED_ATTRIBUTES,
  type ArticleMeasures,
  type ArticleOption,
} from '@comptoir/shared/groupings';
import { articleImage } from '@comptoir/shared/images';
import { badRequest, conflict, HttpError, notFound } from '../../errors';
import { answerCacheOf, keptAnswer, keptValues, type AnswerCache } from '../../plugins/answer-cache';
import {
  familiesUnder,
  familyPath,
  subtreeCodes,
  type CodeLabelRow,
  type FamilyCountRow,
} from '../families/families.service';
import { pricedAs, unitPrices, type PricedShopper, type PriceRequest } from '../prices/prices.service';
import {
  agencyExists,
  agencyStockQueryUrl,
  customerAgency,
  listAgencies,
} from '../reference/reference.service';
import { readConnectionSettings, readSetting } from '../settings/settings.service';
import * as repo from './catalogue.repository';
import type { GroupingMemberRow, GroupingRow, MeasureRow } from './catalogue.repository';
import { drawIllustration } from './illustrations';
import { NO_STOCK, quantityAt, stockLevelsFromSums, type StockLevels } from './stock-levels';

export type { ArticleCardRow } from './catalogue.repository';

const categoryOf = (row: FamilyCountRow): Categorie => ({
  code: row.code,
  libelle: row.label,
  lien: familyLink(row.code),
  nbArticles: Number(row.articles),
});

export async function rootCategories(db: DbOrTx): Promise<Categorie[]> {
  return (await familiesUnder(db, null)).map(categoryOf);
}

const familyLinkOf = (row: CodeLabelRow): LienFamille => ({
  code: row.code,
  libelle: row.label,
  lien: familyLink(row.code),
});

/**
 * Who looks at the storefront: the logged-in account (null for an anonymous visitor) and the agency
 * the visitor chose ('choix' mode; the cookie AGENCY_COOKIE, kept for the browser session).
 */
export interface Viewer {
  user: { codeClient: string | null } | null;
  chosenAgency: string | null;
}

/** The cookie that remembers the visitor's chosen agency. */
export const AGENCY_COOKIE = 'comptoir_agence';

/** The viewer of a request: its session's account and its chosen agency. */
export const viewerOf = (request: {
  user: { codeClient: string | null } | null;
  cookies: Record<string, string | undefined>;
}): Viewer => ({ user: request.user, chosenAgency: request.cookies[AGENCY_COOKIE] ?? null });

/** What the storefront shows a viewer: the agency of its prices and stock, and whether prices show. */
export interface Shopper {
  /** The tariff agency; null: all agencies together (what the shop as a whole can supply). */
  agency: string | null;
  showPrices: boolean;
  /** The customer the viewer browses as: its own, or visiteurCodeClient for an anonymous visitor (pricedAs). */
  codeClient: string | null;
  /** Who is priced (prices.service, unitPrices): the viewer's account, null for an anonymous visitor. */
  account: PricedShopper;
  /** True when the viewer may choose its agency ('choix' mode). */
  canChooseAgency: boolean;
}

/**
 * The one place that decides the storefront's tariff agency (docs/contract/connection-settings.md):
 * modeSelectionAgence 'client' → the customer's agency (an anonymous visitor browses as
 * visiteurCodeClient), else agenceDefautTarif; 'choix' → the agency the visitor chose, else
 * agenceDefautTarif; 'defaut' → agenceDefautTarif. Prices show to every account, and to anonymous
 * visitors when showAnonymousPrices is '1'.
 */
export async function shopperOf(db: DbOrTx, viewer: Viewer): Promise<Shopper> {
  const settings = await readConnectionSettings(db);
  const codeClient = await pricedAs(db, viewer.user);
  const fallback = settings.agenceDefautTarif;
  let agency = fallback;
  if (settings.modeSelectionAgence === 'client' && codeClient)
    agency = (await customerAgency(db, codeClient)) ?? fallback;
  else if (settings.modeSelectionAgence === 'choix' && viewer.chosenAgency)
    agency = (await agencyExists(db, viewer.chosenAgency)) ? viewer.chosenAgency : fallback;
  return {
    agency,
    showPrices: viewer.user !== null || settings.showAnonymousPrices === '1',
    codeClient,
    account: viewer.user,
    canChooseAgency: settings.modeSelectionAgence === 'choix',
  };
}

/** GET /rest/agence: the viewer's tariff agency, and the agencies to choose from when it may choose. */
export async function currentAgency(db: DbOrTx, viewer: Viewer): Promise<AgenceCourante> {
  const [shopper, agencies] = await Promise.all([shopperOf(db, viewer), listAgencies(db)]);
  return {
    agence: agencies.find((agency) => agency.code_agence === shopper.agency) ?? null,
    modifiable: shopper.canChooseAgency,
    agences: shopper.canChooseAgency ? agencies : [],
  };
}

/**
 * POST /rest/agence: checks the visitor's choice (the 'choix' mode only, a known agency); the route
 * remembers it in the AGENCY_COOKIE cookie. Answers the agency as GET /rest/agence would then.
 */
export async function chooseAgency(db: DbOrTx, viewer: Viewer, code: string): Promise<AgenceCourante> {
  const settings = await readConnectionSettings(db);
  if (settings.modeSelectionAgence !== 'choix') throw conflict(AGENCY_CHOICE_MESSAGES.notAllowed);
  if (!(await agencyExists(db, code))) throw badRequest(AGENCY_CHOICE_MESSAGES.unknownAgency(code));
  return currentAgency(db, { ...viewer, chosenAgency: code });
}

/** A price, or nothing when the viewer may not see prices. */
const priceFor = (shopper: Shopper, price: number) => (shopper.showPrices ? price : undefined);

const stockDisplay = (db: DbOrTx): Promise<AffichageStock> => readSetting(db, SETTING_KEYS.stockDisplay);

/** What pricing a tile's row asks: its article, family and list price. */
const priceRequestOf = (row: { code: string; familyCode: string; price: number }): PriceRequest => ({
  articleCode: row.code,
  familyCode: row.familyCode,
  listPrice: row.price,
});

/** A tile's row with the viewer's stock (at its agency, else in all agencies together). */
type StockedCardRow = repo.ArticleCardRow & { quantity: number | null };

/** How an article is sold, as the contract says it (venteArticle). */
export const venteOf = (row: {
  saleDecimals: number;
  minQuantity: number | null;
  saleMultiple: number | null;
  backorderDays: number | null;
}): VenteArticle => ({
  decimales: row.saleDecimals,
  minimum: row.minQuantity === null ? null : Number(row.minQuantity),
  multiple: row.saleMultiple === null ? null : Number(row.saleMultiple),
  delaiCommande: row.backorderDays,
});

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

/** The tables a storefront tile is read from. */
const CARD_TABLES = ['articles', 'units', 'variants', 'stock'] as const;

/**
 * The stock of these articles at every agency, kept per article (outside a transaction) until the stock
 * changes: pages and tiles are kept once for all agencies, and each viewer's agency picks from these.
 */
async function stockLevels(db: DbOrTx, codes: readonly string[]): Promise<Map<string, StockLevels>> {
  return keptValues(db, 'catalogue:stock', ['stock'], codes, async (missing) => {
    const levels = stockLevelsFromSums(await repo.stockSumsOf(db, missing));
    // An article without stock is kept too, rather than asked again at every view.
    for (const code of missing) if (!levels.has(code)) levels.set(code, NO_STOCK);
    return levels;
  });
}

/**
 * These rows with their stock at the agency (in all agencies together when it is null): a declinaison's
 * own when the row names one, else its article's.
 */
async function withStock<Row extends { code: string; variantCode?: string }>(
  db: DbOrTx,
  rows: readonly Row[],
  agency: string | null,
): Promise<(Row & { quantity: number | null })[]> {
  const levels = await stockLevels(
    db,
    rows.map((row) => row.code),
  );
  return rows.map((row) => ({
    ...row,
    quantity: quantityAt(levels.get(row.code) ?? NO_STOCK, agency, row.variantCode),
  }));
}

/**
 * The stock of these articles (a declinaison's own when its code is not '') where the viewer buys, as
 * the cart checks an order against it: null when no stock row counts there (ordered from the supplier).
 */
export async function stockWhereViewerBuys(
  db: DbOrTx,
  viewer: Viewer,
  keys: readonly { articleCode: string; variantCode: string }[],
): Promise<(number | null)[]> {
  if (keys.length === 0) return [];
  const shopper = await shopperOf(db, viewer);
  const rows = await withStock(
    db,
    keys.map((key) => ({ code: key.articleCode, variantCode: key.variantCode || undefined })),
    shopper.agency,
  );
  return rows.map((row) => row.quantity);
}

/** The tiles' rows of these codes, kept in the answer cache until their tables change. */
async function keptCardRows(
  db: DbOrTx,
  codes: readonly string[],
  cache: AnswerCache,
): Promise<repo.ArticleCardRow[]> {
  const kept = await cache.rememberEach(
    'catalogue:cards',
    CARD_TABLES,
    codes,
    async (missing) => new Map((await repo.articleCardsOf(db, missing)).map((row) => [row.code, row])),
  );
  return codes.flatMap((code) => kept.get(code) ?? []);
}

/**
 * These active articles as storefront tiles, in the order given, with the viewer's stock. Outside a
 * transaction, the settings and the tiles' rows come from the answer cache when the app keeps one
 * (only a customer's prices are read then): the search panel asks for them at each keystroke
 * (docs/performance/search.md), the family pages on each page.
 */
export async function articleCards(
  db: DbOrTx,
  codes: readonly string[],
  viewer: Viewer,
): Promise<ArticleCard[]> {
  const shopper = await shopperOf(db, viewer);
  const cache = answerCacheOf(db);
  const rows = await withStock(
    db,
    cache ? await keptCardRows(db, codes, cache) : await repo.articleCardsOf(db, codes),
    shopper.agency,
  );
  const prices = await unitPrices(db, shopper.account, rows.map(priceRequestOf));
  return rows.map((row, index) => toArticleCard(row, priceFor(shopper, prices[index]!)));
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

/**
 * The free attributes of the scope's active articles (a family subtree's, or the ones a search found),
 * the technical ones left out, each value with its article count: what a list offers to filter by.
 */
export async function attributeFacets(db: DbOrTx, scope: repo.ListScope): Promise<AttributeFacet[]> {
  const facets = new Map<string, AttributeFacet>();
  for (const { name, value, count } of await repo.attributeCounts(db, scope)) {
    if (HIDDEN_ATTRIBUTES.has(name)) continue;
    const facet = facets.get(name) ?? { nom: name, libelle: attributeLabel(name), valeurs: [] };
    facet.valeurs.push({ valeur: value, nombre: Number(count) });
    facets.set(name, facet);
  }
  return [...facets.values()].sort((a, b) => a.libelle.localeCompare(b.libelle, 'fr'));
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
    keptAnswer(db, `catalogue:facets:${code}`, ['families', 'articles'], () =>
      attributeFacets(db, { familyCodes: codes }),
    ),
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

/** The tables a family page is read from (its tree, tiles, facets and the stock display setting). */
/** What a page of tiles is built from: kept whole until one of them changes (search keeps its panel so too). */
export const FAMILY_PAGE_TABLES = [...CARD_TABLES, 'activities', 'families', 'settings'] as const;

/** How a whole answer is kept and sent as kept (sendKept, plugins/answer-cache.ts). */
export interface KeptPage {
  key: string;
  tables: readonly string[];
  /** The answers with a viewer's own prices are kept in a set of their own, bounded apart. */
  among?: { set: string; limit: number };
}

/**
 * Bounds of the pages kept with a viewer's own prices (their texts are a few to a few tens of
 * kilobytes): customers who pay the same prices on a page share its text, so a page has a handful of
 * variants (docs/performance/http.md). A change of the rules drops them.
 */
/**
 * What a priced page's prices are read from besides its rows: the rules, and the customers (the priced
 * customer's type and agency: an anonymous visitor's page, kept whole, changes with them too).
 */
const PRICE_TABLES = ['customer_prices', 'customers'] as const;
const PRICED_FAMILY_PAGES = { set: 'catalogue:priced-family-pages', limit: 2_000 };
const PRICED_PRODUCT_PAGES = { set: 'catalogue:priced-product-pages', limit: 4_000 };

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
  const { rows } = await keptFamilyRows(db, code, await subtreeCodes(db, code), pageOf(query));
  return {
    key: `${code}:${await pricedKey(db, shopper, rows.map(priceRequestOf))}:${page}`,
    tables: [...FAMILY_PAGE_TABLES, ...PRICE_TABLES],
    among: PRICED_FAMILY_PAGES,
  };
}

/**
 * What a page priced for this viewer depends on besides its data: the stock agency and the prices
 * themselves, as this viewer pays them (none when it may not see them). Customers paying the same
 * prices share the page; one paying others never gets it.
 */
async function pricedKey(db: DbOrTx, shopper: Shopper, requests: readonly PriceRequest[]): Promise<string> {
  const prices = shopper.showPrices
    ? `prix=${(await unitPrices(db, shopper.account, requests)).join(',')}`
    : 'sans-prix';
  return `${shopper.agency ?? ''}:${prices}`;
}

/**
 * What a page shared by visitors depends on (their stock agency, whether prices show), when this
 * viewer is one of them: an anonymous visitor paying list prices (no anonymous customer code). Undefined for
 * anyone else: a customer's prices are its own.
 */
export async function sharedVisitorKey(db: DbOrTx, viewer: Viewer): Promise<string | undefined> {
  if (viewer.user) return undefined;
  const shopper = await shopperOf(db, viewer);
  if (shopper.codeClient !== null) return undefined;
  return `${shopper.agency ?? ''}:${shopper.showPrices ? 'prix' : 'sans-prix'}`;
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
  const shopper = await shopperOf(db, viewer);
  const kept = await keptFamilyRows(db, family, codes, page);
  const rows = await withStock(db, kept.rows, shopper.agency);
  const prices = await unitPrices(db, shopper.account, rows.map(priceRequestOf));
  return {
    total: kept.total,
    cards: rows.map((row, index) => toArticleCard(row, priceFor(shopper, prices[index]!))),
  };
}

/**
 * A page of the family's rows by designation, and their total, kept (for every agency alike: the
 * stock is withStock's) until their tables change.
 */
function keptFamilyRows(
  db: DbOrTx,
  family: string,
  codes: readonly string[],
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: repo.ArticleCardRow[] }> {
  return keptAnswer(
    db,
    `catalogue:family-list:${family}:${page.offset}:${page.limit}`,
    [...CARD_TABLES, 'families'],
    async () => {
      const [total, rows] = await Promise.all([
        repo.countArticlesIn(db, codes),
        repo.articleCardsIn(db, codes, page),
      ]);
      return { total, rows };
    },
  );
}

/** Every active article's code and designation (the search's index). */
export const searchableArticles = (db: DbOrTx) => repo.searchableArticles(db);
export const packedSearchableArticles = (db: DbOrTx) => repo.packedSearchableArticles(db);

/**
 * The article and its declinaisons' codes, as the cart checks what it adds; undefined when unknown.
 * Kept (outside a transaction) until articles or declinaisons change: asked on every cart addition.
 */
export const articleForCart = (db: DbOrTx, code: string) =>
  keptAnswer(db, `catalogue:for-cart:${code}`, ['articles', 'variants', 'units'], () =>
    repo.findArticleWithVariants(db, code),
  );

/** The same for several articles at once (a quick order's codes); unknown codes left out. */
export const articlesForCart = (db: DbOrTx, codes: readonly string[]) =>
  repo.findArticlesWithVariants(db, codes);

export const countActiveArticles = (db: DbOrTx): Promise<number> => repo.countActiveArticles(db);

// ---------------------------------------------------------------- product page

/** Where each measure lives in the articles table, and its unit. */
const MEASURE_SOURCES: Record<MeasureKey, (row: MeasureRow) => { value: number | null; unit: string }> = {
  longueur: (row) => ({ value: row.length, unit: row.dimensionUnit ?? '' }),
  largeur: (row) => ({ value: row.width, unit: row.dimensionUnit ?? '' }),
  hauteur: (row) => ({ value: row.height, unit: row.dimensionUnit ?? '' }),
  diametre: (row) => ({ value: row.diameter, unit: row.dimensionUnit ?? '' }),
  poids: (row) => ({ value: row.weight, unit: row.weightUnit ?? '' }),
  contenance: (row) => ({ value: row.capacity, unit: 'l' }),
  densite: (row) => ({ value: row.density, unit: 'kg/m³' }),
};

function measuresOf(row: MeasureRow): Mesure[] {
  return MEASURE_KEYS.flatMap((key) => {
    const { value, unit } = MEASURE_SOURCES[key](row);
    return value === null
      ? []
      : [{ nom: key, libelle: MEASURE_LABELS[key], valeur: Number(value), unite: unit }];
  });
}

/** Technical attributes never shown to customers (the ones regroupements leave out too). */
const HIDDEN_ATTRIBUTES: ReadonlySet<string> = new Set(EXCLUDED_ATTRIBUTES);

const numberFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 4 });

/** A member's value for a regroupement attribute: a measure (ERP) or a free attribute (OPT). */
function groupingValue(
  member: GroupingMemberRow,
  attribute: GroupingRow['attributes'][number],
): string | undefined {
  if (attribute.nature === 'ERP') {
    const source = MEASURE_SOURCES[attribute.propriete as MeasureKey] as
      ((row: MeasureRow) => { value: number | null }) | undefined;
    const value = source?.(member).value;
    return value === null || value === undefined
      ? undefined
      : `${numberFormat.format(Number(value))}${attribute.suffixe}`;
  }
  const value = member.attributes[attribute.propriete];
  return value === undefined ? undefined : `${value}${attribute.suffixe}`;
}

/**
 * The regroupement of the article as dropdown data, or null when it has none or when its other
 * members are declinaisons of this same article (the declinaison selector covers them).
 */
async function regroupementOf(db: DbOrTx, grouping: repo.GroupingRow | null): Promise<Regroupement | null> {
  if (!grouping) return null;
  const members = await repo.groupingMembers(db, grouping.id);
  if (members.length < 2) return null;
  return {
    id: grouping.id,
    titre: grouping.title,
    attributs: grouping.attributes.map(({ propriete, designation }) => ({ propriete, designation })),
    articles: members.map((member) => ({
      HIDDEN_CODE_ARTICLE: member.code,
      designation: member.designation,
      LIEN_FICHE: articleLink(member.code),
      OPTIONS_REGPT: Object.fromEntries(
        grouping.attributes.flatMap((attribute) => {
          const value = groupingValue(member, attribute);
          return value === undefined ? [] : [[attribute.propriete, value]];
        }),
      ),
    })),
  };
}

/** The tables a product page's rows are read from (its family path is the families service's). */
const PRODUCT_TABLES = [...CARD_TABLES, 'groupings', 'grouping_articles'] as const;

/**
 * The rows of an active article's page (404 when there is none), kept in the answer cache until their
 * tables change, for every agency alike: the storefront's most asked page.
 */
function keptProductRows(db: DbOrTx, code: string) {
  return keptAnswer(db, `catalogue:product:${code}`, PRODUCT_TABLES, async () => {
    const found = await repo.findProductRows(db, code);
    // Thrown, not kept: a refusal is asked again next time.
    if (!found) throw notFound(CATALOGUE_MESSAGES.articleNotFound);
    return { ...found, grouping: await regroupementOf(db, found.grouping) };
  });
}

/** An active article's page rows with the stock at this agency: the article's, and each declinaison's. */
async function productRows(db: DbOrTx, code: string, agency: string | null) {
  const rows = await keptProductRows(db, code);
  // After the rows: an unknown code's stock is never asked, nor kept.
  const stock = (await stockLevels(db, [code])).get(code) ?? NO_STOCK;
  return {
    product: { ...rows.product, quantity: quantityAt(stock, agency) },
    variants: rows.variants.map((variant) => ({
      ...variant,
      quantity: quantityAt(stock, agency, variant.code),
    })),
    grouping: rows.grouping,
  };
}

/**
 * The picture a product page shows first (the same for every viewer), from the rows kept for visitors;
 * undefined for an article that has no page. The web app's HTML names it for the browser to fetch early.
 */
export async function productPicture(db: DbOrTx, code: string): Promise<string | undefined> {
  try {
    const { product } = await keptProductRows(db, code);
    return articleImage(product.code, product.image);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return undefined;
    throw error;
  }
}

/** The tables a product page is read from (its rows, family path, stock display and stock query link). */
const PRODUCT_PAGE_TABLES = [...PRODUCT_TABLES, 'families', 'settings', 'agencies'] as const;

/**
 * How a product page is kept: the same for every visitor (sharedVisitorKey), else per what this
 * viewer's answer depends on (pricedKey). An unknown article is refused here as by the page.
 */
export async function productPageKey(db: DbOrTx, code: string, viewer: Viewer): Promise<KeptPage> {
  const visitors = await sharedVisitorKey(db, viewer);
  if (visitors) return { key: `catalogue:product-page:${code}:${visitors}`, tables: PRODUCT_PAGE_TABLES };
  const shopper = await shopperOf(db, viewer);
  // The key's prices need the rows, not their stock (the agency is in the key).
  const { product, variants } = await keptProductRows(db, code);
  return {
    key: `${code}:${await pricedKey(db, shopper, productPriceRequests(product, variants))}`,
    tables: [...PRODUCT_PAGE_TABLES, ...PRICE_TABLES],
    among: PRICED_PRODUCT_PAGES,
  };
}

/** What a product page prices: the article, then each declinaison (its own list price, else the article's). */
const productPriceRequests = (
  product: { code: string; familyCode: string; price: number },
  variants: readonly { price: number | null }[],
): PriceRequest[] =>
  [product.price, ...variants.map((variant) => variant.price ?? product.price)].map((listPrice) => ({
    articleCode: product.code,
    familyCode: product.familyCode,
    listPrice,
  }));

export async function productPage(db: DbOrTx, code: string, viewer: Viewer): Promise<FicheArticle> {
  const shopper = await shopperOf(db, viewer);
  const agency = shopper.agency;
  const { product, variants, grouping } = await productRows(db, code, agency);
  const [path, affichage, stockQueryTemplate] = await Promise.all([
    familyPath(db, product.familyCode),
    stockDisplay(db),
    agency === null ? null : agencyStockQueryUrl(db, agency),
  ]);
  // Only a customer's own agency sends it to a stock-query URL (visitors see the shop's total).
  const stockQuery = (codeDeclinaison: string | null) =>
    agency === null
      ? null
      : stockQueryLink(stockQueryTemplate, {
          codeArticle: product.code,
          codeDeclinaison,
          codeAgence: agency,
        });
  const family = path.at(-1);
  if (!family) throw notFound(CATALOGUE_MESSAGES.articleNotFound);
  const [price, ...variantPrices] = await unitPrices(
    db,
    shopper.account,
    productPriceRequests(product, variants),
  );
  return {
    codeArticle: product.code,
    designation1: product.designation1,
    designation2: product.designation2,
    description: product.description,
    famille: familyLinkOf(family),
    fil: path.map(familyLinkOf),
    image: articleImage(product.code, product.image),
    prixHT: priceFor(shopper, price!),
    prixTTC: priceFor(shopper, priceWithVat(price!, product.vatRate)),
    tauxTVA: product.vatRate,
    libUnitTarif: product.saleUnit,
    libUnitStock: product.stockUnit,
    libUnitPrepa: product.prepUnit,
    vente: venteOf(product),
    mesures: measuresOf(product),
    attributs: Object.entries(product.attributes)
      .filter(([key]) => !HIDDEN_ATTRIBUTES.has(key))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => ({ nom: attributeLabel(key), valeur: value })),
    affichageStock: affichage,
    STOCK: infoStockOf(product.quantity),
    INTERRO_STOCK: stockQuery(null),
    declinaisons: variants.map((variant, index) => ({
      HIDDEN_CODE_DECLINAISON: variant.code,
      designation: variant.designation,
      OPTIONS_REGPT: variant.options,
      prixHT: priceFor(shopper, variantPrices[index]!),
      prixTTC: priceFor(shopper, priceWithVat(variantPrices[index]!, product.vatRate)),
      STOCK: infoStockOf(variant.quantity),
      INTERRO_STOCK: stockQuery(variant.code),
    })),
    regroupement: grouping,
  };
}

// ---------------------------------------------------------------- back-office article calls

export type { ArticleSearch, ArticleSearchRow } from './catalogue.repository';

/** A page of the active articles (or declinaisons) found by the back office's pickers, and their count. */
export async function findArticles(
  db: DbOrTx,
  search: repo.ArticleSearch,
  page: { offset: number; limit: number },
): Promise<{ rows: repo.ArticleSearchRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    repo.searchArticleRows(db, search, page),
    repo.countArticleRows(db, search),
  ]);
  return { rows, total };
}

/** An article's measures (active or not); 404 when unknown. */
export async function articleMeasures(db: DbOrTx, code: string): Promise<ArticleMeasures> {
  const row = await repo.findArticleMeasures(db, code);
  if (!row) throw notFound(ARTICLE_MESSAGES.notFound);
  return {
    codeArticle: row.code,
    designation1: row.designation,
    actif: row.active,
    longueur: row.length,
    largeur: row.width,
    hauteur: row.height,
    densite: row.density,
    poids: row.weight,
    diametre: row.diameter,
    contenance: row.capacity,
    uniteDimensions: row.dimensionUnit,
    unitePoids: row.weightUnit,
  };
}

/** Deactivates an article (the ERP stays its master: nothing is deleted); false when unknown. */
export const deactivateArticle = (db: DbOrTx, code: string): Promise<boolean> =>
  repo.deactivateArticle(db, code);

/** The options of an article or declinaison (key 'code' or 'code.declinaison'), as groupings offer them. */
function optionsOf(row: repo.OptionSourceRow, variantCode: string | null): ArticleOption[] {
  const variant = variantCode === null ? undefined : row.variants.find((v) => v.code === variantCode);
  const free = { ...row.attributes, ...(variant?.options ?? {}) };
  const measures = MEASURE_KEYS.flatMap((key): ArticleOption[] => {
    const { value, unit } = MEASURE_SOURCES[key](row);
    return value === null
      ? []
      : [{ propriete: key, nature: 'ERP', valeur: numberFormat.format(Number(value)), unite: unit }];
  });
  const others = Object.entries(free)
    .filter(([key]) => !HIDDEN_ATTRIBUTES.has(key))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]): ArticleOption => ({ propriete: key, nature: 'OPT', valeur: value, unite: '' }));
  return [...measures, ...others];
}

/** Splits a grouping key: 'code' or 'code.declinaison' (the article code is before the first dot). */
export function splitArticleKey(key: string): { code: string; variantCode: string | null } {
  const dot = key.indexOf('.');
  return dot < 0
    ? { code: key, variantCode: null }
    : { code: key.slice(0, dot), variantCode: key.slice(dot + 1) };
}

export interface GroupableArticle {
  key: string;
  code: string;
  variantCode: string | null;
  designation: string;
  active: boolean;
  options: ArticleOption[];
}

/**
 * The articles and declinaisons named by their keys, with their designation and options; unknown
 * keys (article or declinaison) are left out.
 */
export async function groupableArticles(db: DbOrTx, keys: readonly string[]): Promise<GroupableArticle[]> {
  const parsed = keys.map((key) => ({ key, ...splitArticleKey(key) }));
  const rows = await repo.articleOptionSources(db, [...new Set(parsed.map((item) => item.code))]);
  const byCode = new Map(rows.map((row) => [row.code, row]));
  return parsed.flatMap(({ key, code, variantCode }) => {
    const row = byCode.get(code);
    if (!row) return [];
    const variant = variantCode === null ? null : row.variants.find((v) => v.code === variantCode);
    if (variant === undefined) return [];
    return [
      {
        key,
        code,
        variantCode,
        designation: variant?.designation ?? row.designation,
        active: row.active,
        options: optionsOf(row, variantCode),
      },
    ];
  });
}

// ---------------------------------------------------------------- drawn pictures

/**
 * The drawn picture of an article (GET /images/articles/<code>.svg, see illustrations.ts): what the
 * storefront shows for an article without a photograph. Undefined for an unknown article.
 */
export async function articleIllustration(db: DbOrTx, code: string): Promise<string | undefined> {
  const subject = await repo.findImageSubject(db, code);
  return subject && drawIllustration(subject);
}

// ERP imports (docs/import-erp.md): the imports module reads and writes articles, declinaisons,
// stock and units through these.
export type { ArticleWriteRow, StockWriteRow, VariantWriteRow } from './catalogue.repository';
export const articlesByCodes = (db: DbOrTx, codes: readonly string[]) => repo.articlesByCodes(db, codes);
export const upsertArticles = (db: DbOrTx, rows: readonly repo.ArticleWriteRow[] | JsonRowsQuery) =>
  repo.upsertArticles(db, rows);
export const existingArticleCodes = (db: DbOrTx, codes: readonly string[]) =>
  repo.existingArticleCodes(db, codes);
export const ensureUnits = (db: DbOrTx, codes: readonly string[]) => repo.ensureUnits(db, codes);
export type { UnitWriteRow } from './catalogue.repository';
export const unitsByCodes = (db: DbOrTx, codes: readonly string[]) => repo.unitsByCodes(db, codes);
export const upsertUnits = (db: DbOrTx, rows: readonly repo.UnitWriteRow[]) => repo.upsertUnits(db, rows);
export const variantsOfArticles = (db: DbOrTx, codes: readonly string[]) =>
  repo.variantsOfArticles(db, codes);
export const upsertVariants = (db: DbOrTx, rows: readonly repo.VariantWriteRow[]) =>
  repo.upsertVariants(db, rows);
export const stockOfArticles = (db: DbOrTx, codes: readonly string[]) => repo.stockOfArticles(db, codes);
export const upsertStock = (db: DbOrTx, rows: readonly repo.StockWriteRow[] | JsonRowsQuery) =>
  repo.upsertStock(db, rows);
