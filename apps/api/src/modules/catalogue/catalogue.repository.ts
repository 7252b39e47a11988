// The catalogue's articles, declinaisons (variants), stock, units and regroupements (groupings) as the
// storefront reads them. The family tree belongs to the families module: article lists take the
// family codes it gives.
import { and, asc, eq, getTableName, inArray, min, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type DbOrTx } from '@comptoir/db/client';
import { preparedOnce } from '@comptoir/db/prepared-queries';
import { articles, families, groupingArticles, groupings, stock, units, variants } from '@comptoir/db/schema';
import { excludedSet, upsertJsonRows, type JsonRowsQuery } from '@comptoir/db/upsert';
import { escapeLike } from '@comptoir/shared/text';
import { defaultUnitDecimals } from '@comptoir/shared/quantity-rules';
import type { StockSumRow } from './stock-levels';

const saleUnit = alias(units, 'sale_unit');
const stockUnit = alias(units, 'stock_unit');
const prepUnit = alias(units, 'prep_unit');

/**
 * The stock of an article (all its declinaisons, or one) in an agency, or in all agencies together
 * when agencyCode is null; null when it has no stock row.
 */
function quantityOf(articleCode: AnyColumn, agencyCode: string | null, variantCode?: SQL) {
  // Qualified by hand: in a select from one table drizzle writes the bare column name, which inside
  // this subquery would name stock's own article_code (every article's stock of that declinaison code).
  const outer = sql`${sql.identifier(getTableName(articleCode.table))}.${sql.identifier(articleCode.name)}`;
  return sql<number | null>`(
    select sum(${stock.quantity})::float8 from ${stock}
    where ${stock.articleCode} = ${outer}
    ${variantCode === undefined ? sql`` : sql`and ${stock.variantCode} = ${variantCode}`}
    ${agencyCode === null ? sql`` : sql`and ${stock.agencyCode} = ${agencyCode}`}
  )`;
}

/**
 * The stock of these articles summed every way a page asks it: at each agency and in all agencies
 * together, for the article (its declinaisons together) and for each declinaison. An article with no
 * stock row gives none.
 */
export function stockSumsOf(db: DbOrTx, codes: readonly string[]): Promise<StockSumRow[]> {
  if (codes.length === 0) return Promise.resolve([]);
  // grouping() is 1 for a column summed over: its value is then null, the sum of all of them.
  return queryRows<StockSumRow>(
    db,
    sql`select ${stock.articleCode} as "articleCode",
        case when grouping(${stock.variantCode}) = 0 then ${stock.variantCode} end as "variantCode",
        case when grouping(${stock.agencyCode}) = 0 then ${stock.agencyCode} end as "agencyCode",
        sum(${stock.quantity})::float8 as "quantity"
      from ${stock}
      where ${stock.articleCode} = any(${sql.param([...codes])}::text[])
      group by grouping sets (
        (${stock.articleCode}, ${stock.agencyCode}),
        (${stock.articleCode}),
        (${stock.articleCode}, ${stock.variantCode}, ${stock.agencyCode}),
        (${stock.articleCode}, ${stock.variantCode})
      )`,
  );
}

const hasVariants = sql<boolean>`exists (select 1 from ${variants} where ${variants.articleCode} = ${articles.code})`;

export interface ArticleCardRow {
  code: string;
  familyCode: string;
  designation: string;
  image: string | null;
  price: number;
  vatRate: number;
  saleUnit: string;
  stockUnit: string;
  hasVariants: boolean;
  saleDecimals: number;
  minQuantity: number | null;
  saleMultiple: number | null;
  backorderDays: number | null;
}

/** How an article is sold: its sale unit's decimals, minimum, multiple, supplier's delay. */
export const saleColumns = {
  saleDecimals: saleUnit.decimals,
  minQuantity: articles.minQuantity,
  saleMultiple: articles.saleMultiple,
  backorderDays: articles.backorderDays,
};

const cardColumns = {
  ...saleColumns,
  code: articles.code,
  familyCode: articles.familyCode,
  designation: articles.designation1,
  image: articles.image,
  price: articles.priceHt,
  vatRate: articles.vatRate,
  saleUnit: saleUnit.label,
  stockUnit: stockUnit.label,
  hasVariants,
};

// The families as one array parameter: one statement text whatever their number, prepared once.
const inFamilyList = and(
  eq(articles.active, true),
  sql`${articles.familyCode} = any(${sql.placeholder('families')}::text[])`,
);

const countInFamilies = preparedOnce((db) =>
  db
    .select({ count: sql<number>`count(*)::int` })
    .from(articles)
    .where(inFamilyList)
    .prepare('articles_in_families'),
);

/** How many active articles the families hold. */
export async function countArticlesIn(db: DbOrTx, familyCodes: readonly string[]): Promise<number> {
  if (familyCodes.length === 0) return 0;
  const [row] = await countInFamilies(db).execute({ families: [...familyCodes] });
  return row!.count;
}

const cardsInFamilies = preparedOnce((db) =>
  db
    .select(cardColumns)
    .from(articles)
    .innerJoin(saleUnit, eq(saleUnit.code, articles.saleUnit))
    .innerJoin(stockUnit, eq(stockUnit.code, articles.stockUnit))
    .where(inFamilyList)
    .orderBy(asc(articles.designation1), asc(articles.code))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('cards_in_families'),
);

/** One page of the active articles of the families, by designation (their stock: stockSumsOf). */
export function articleCardsIn(
  db: DbOrTx,
  familyCodes: readonly string[],
  page: { offset: number; limit: number },
): Promise<ArticleCardRow[]> {
  if (familyCodes.length === 0) return Promise.resolve([]);
  return cardsInFamilies(db).execute({ families: [...familyCodes], limit: page.limit, offset: page.offset });
}

/** These active articles (unknown or inactive ones left out), in the order given (their stock: stockSumsOf). */
export async function articleCardsOf(db: DbOrTx, codes: readonly string[]): Promise<ArticleCardRow[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(articles)
    .innerJoin(saleUnit, eq(saleUnit.code, articles.saleUnit))
    .innerJoin(stockUnit, eq(stockUnit.code, articles.stockUnit))
    .where(and(eq(articles.active, true), inArray(articles.code, [...codes])));
  return rows.sort((a, b) => codes.indexOf(a.code) - codes.indexOf(b.code));
}

// ---------------------------------------------------------------- sorted and filtered lists

/** Which articles a list starts from: a family subtree's, or the ones a search found. */
export type ListScope = { familyCodes: readonly string[] } | { codes: readonly string[] };

export interface ListFilter {
  /** Only articles with stock above 0 at the agency (all agencies together when null). */
  inStock: boolean;
  /** Free attributes: each name must have one of its values. */
  attributes: { name: string; values: string[] }[];
}

export interface ListRow {
  code: string;
  familyCode: string;
  designation: string;
  price: number;
}

const isEmptyScope = (scope: ListScope) =>
  ('familyCodes' in scope ? scope.familyCodes : scope.codes).length === 0;

/** The active articles of the scope. */
function inScope(scope: ListScope) {
  // Found codes go as one JSON parameter: a broad search finds more than a statement's parameters.
  return and(
    eq(articles.active, true),
    'familyCodes' in scope
      ? inArray(articles.familyCode, [...scope.familyCodes])
      : sql`${articles.code} in (select jsonb_array_elements_text(${JSON.stringify(scope.codes)}::jsonb))`,
  );
}

/** The active articles of the scope that pass the filter, by designation then code. */
export function listRows(
  db: DbOrTx,
  scope: ListScope,
  agencyCode: string | null,
  filter: ListFilter,
): Promise<ListRow[]> {
  if (isEmptyScope(scope)) return Promise.resolve([]);
  return db
    .select({
      code: articles.code,
      familyCode: articles.familyCode,
      designation: articles.designation1,
      price: articles.priceHt,
    })
    .from(articles)
    .where(
      and(
        inScope(scope),
        filter.inStock ? sql`${quantityOf(articles.code, agencyCode)} > 0` : undefined,
        ...filter.attributes.map(
          ({ name, values }) =>
            sql`${articles.attributes} ->> ${name} in ${sql`(${sql.join(
              values.map((value) => sql`${value}`),
              sql`, `,
            )})`}`,
        ),
      ),
    )
    .orderBy(asc(articles.designation1), asc(articles.code));
}

/** The free attributes of the scope's active articles: each name and value with its article count. */
export function attributeCounts(
  db: DbOrTx,
  scope: ListScope,
): Promise<{ name: string; value: string; count: number }[]> {
  if (isEmptyScope(scope)) return Promise.resolve([]);
  // Raw: the builder cannot select from a set-returning function (jsonb_each_text) beside a table.
  return queryRows(
    db,
    sql`select attribute.key as name, attribute.value as value, count(*)::int as count
      from ${articles}, jsonb_each_text(${articles.attributes}) as attribute
      where ${inScope(scope)}
      group by attribute.key, attribute.value
      order by attribute.key, attribute.value`,
  );
}

// ---------------------------------------------------------------- search

const contains = (word: string) => `%${escapeLike(word)}%`;
const startsWith = (word: string) => `${escapeLike(word)}%`;

/** Every active article's code and designation, as the storefront search indexes them. */
export function searchableArticles(db: DbOrTx): Promise<{ code: string; designation: string }[]> {
  return db
    .select({ code: articles.code, designation: articles.designation1 })
    .from(articles)
    .where(eq(articles.active, true));
}

/**
 * The active articles' codes and designations as two texts, an article a line, in the same order,
 * and their count: what the search index is built from, sent as two strings rather than a row an
 * article. Null when a code or designation holds a line break (or no article is active).
 */
export async function packedSearchableArticles(
  db: DbOrTx,
): Promise<{ codes: string; designations: string; count: number } | null> {
  const [row] = await db
    .select({
      codes: sql<string | null>`string_agg(${articles.code}, E'\n' order by ${articles.code})`,
      designations: sql<string | null>`string_agg(${articles.designation1}, E'\n' order by ${articles.code})`,
      count: sql<number>`count(*)::int`,
      broken: sql<boolean | null>`bool_or(strpos(${articles.code} || ${articles.designation1}, E'\n') > 0)`,
    })
    .from(articles)
    .where(eq(articles.active, true));
  if (!row || row.codes === null || row.designations === null || row.broken) return null;
  return { codes: row.codes, designations: row.designations, count: row.count };
}

// ---------------------------------------------------------------- one article

/** An article's measures and their units, as the product page and the regroupements show them. */
export type MeasureRow = Pick<
  typeof articles.$inferSelect,
  | 'length'
  | 'width'
  | 'height'
  | 'density'
  | 'weight'
  | 'diameter'
  | 'capacity'
  | 'dimensionUnit'
  | 'weightUnit'
>;

const measureColumns = {
  length: articles.length,
  width: articles.width,
  height: articles.height,
  density: articles.density,
  weight: articles.weight,
  diameter: articles.diameter,
  capacity: articles.capacity,
  dimensionUnit: articles.dimensionUnit,
  weightUnit: articles.weightUnit,
};

/** An article as the product page needs it: its row's own columns, unit labels and price. */
export type ProductRow = Pick<
  typeof articles.$inferSelect,
  'code' | 'designation1' | 'designation2' | 'description' | 'familyCode' | 'image' | 'vatRate' | 'attributes'
> &
  MeasureRow & {
    price: number;
    saleDecimals: number;
    minQuantity: number | null;
    saleMultiple: number | null;
    backorderDays: number | null;
    saleUnit: string;
    stockUnit: string;
    prepUnit: string;
  };

export interface VariantRow {
  code: string;
  designation: string;
  options: Record<string, string>;
  price: number | null;
}

export interface GroupingRow {
  id: number;
  title: string;
  attributes: { propriete: string; nature: string; designation: string; suffixe: string }[];
}

/** What a product page reads of an article: its row, its declinaisons by code, its first regroupement. */
export interface ProductRows {
  product: ProductRow;
  variants: VariantRow[];
  grouping: GroupingRow | null;
}

/** The declinaisons of the outer query's article by code, as one JSON array (see findProductRows). */
const variantsOfArticle = sql<VariantRow[]>`(
  select coalesce(json_agg(json_build_object(
    'code', ${variants.code},
    'designation', ${variants.designation},
    'options', ${variants.options},
    'price', ${variants.priceHt}
  ) order by ${variants.code}), '[]'::json)
  from ${variants} where ${variants.articleCode} = ${articles.code}
)`;

/** The regroupement (lowest id) the outer query's article belongs to, as JSON, or null. */
const groupingOfArticle = sql<GroupingRow | null>`(
  select json_build_object('id', ${groupings.id}, 'title', ${groupings.title}, 'attributes', ${groupings.attributes})
  from ${groupings}
  where exists (
    select 1 from ${groupingArticles}
    where ${groupingArticles.groupingId} = ${groupings.id} and ${groupingArticles.articleCode} = ${articles.code}
  )
  order by ${groupings.id} limit 1
)`;

/**
 * The product page's query of an active article: its unit labels, its declinaisons and its
 * regroupement, in one statement; prepared once (placeholder `code`).
 */
const productRowsQuery = preparedOnce((db) =>
  db
    .select({
      code: articles.code,
      designation1: articles.designation1,
      designation2: articles.designation2,
      description: articles.description,
      familyCode: articles.familyCode,
      image: articles.image,
      price: articles.priceHt,
      vatRate: articles.vatRate,
      saleUnit: saleUnit.label,
      stockUnit: stockUnit.label,
      prepUnit: prepUnit.label,
      ...saleColumns,
      ...measureColumns,
      attributes: articles.attributes,
      variants: variantsOfArticle,
      grouping: groupingOfArticle,
    })
    .from(articles)
    .innerJoin(saleUnit, eq(saleUnit.code, articles.saleUnit))
    .innerJoin(stockUnit, eq(stockUnit.code, articles.stockUnit))
    .innerJoin(prepUnit, eq(prepUnit.code, articles.prepUnit))
    .where(and(eq(articles.code, sql.placeholder('code')), eq(articles.active, true)))
    .prepare('product_rows'),
);

/**
 * An active article with its unit labels, its declinaisons and its regroupement, in one statement (a
 * product page that is not kept yet costs one round trip, not three; its stock: stockSumsOf);
 * undefined when unknown or inactive.
 */
export async function findProductRows(db: DbOrTx, code: string): Promise<ProductRows | undefined> {
  const [row] = await productRowsQuery(db).execute({ code });
  if (!row) return undefined;
  const { variants: variantRows, grouping, ...product } = row;
  return { product, variants: variantRows, grouping };
}

export interface VariantCardRow extends ArticleCardRow {
  variantCode: string;
}

/**
 * These declinaisons of active articles, each as a tile: its own designation, its own list price (else
 * its article's) and its own stock; unknown ones left out.
 */
export function variantCardsOf(
  db: DbOrTx,
  keys: readonly { articleCode: string; variantCode: string }[],
): Promise<VariantCardRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .select({
      ...cardColumns,
      variantCode: variants.code,
      designation: variants.designation,
      price: sql<number>`coalesce(${variants.priceHt}, ${articles.priceHt})`.mapWith(Number),
    })
    .from(variants)
    .innerJoin(articles, eq(articles.code, variants.articleCode))
    .innerJoin(saleUnit, eq(saleUnit.code, articles.saleUnit))
    .innerJoin(stockUnit, eq(stockUnit.code, articles.stockUnit))
    .where(
      and(
        eq(articles.active, true),
        or(
          ...keys.map((key) =>
            and(eq(variants.articleCode, key.articleCode), eq(variants.code, key.variantCode)),
          ),
        ),
      ),
    );
}

/** The article and the codes of its declinaisons, as the cart checks them; undefined when unknown. */
/** An article as the cart checks what it adds: active or not, its declinaisons, how it is sold. */
export interface ArticleForCart {
  code: string;
  active: boolean;
  variantCodes: string[];
  /** The sale unit's label ('Sac'). */
  unitLabel: string;
  saleDecimals: number;
  minQuantity: number | null;
  saleMultiple: number | null;
  backorderDays: number | null;
}

const forCartColumns = {
  code: articles.code,
  active: articles.active,
  unitLabel: saleUnit.label,
  ...saleColumns,
};

export async function findArticleWithVariants(db: DbOrTx, code: string): Promise<ArticleForCart | undefined> {
  const [article] = await db
    .select(forCartColumns)
    .from(articles)
    .innerJoin(saleUnit, eq(saleUnit.code, articles.saleUnit))
    .where(eq(articles.code, code));
  if (!article) return undefined;
  const rows = await db.select({ code: variants.code }).from(variants).where(eq(variants.articleCode, code));
  return { ...article, variantCodes: rows.map((row) => row.code) };
}

/** These articles (active or not) with the codes of their declinaisons; unknown codes left out. */
export async function findArticlesWithVariants(
  db: DbOrTx,
  codes: readonly string[],
): Promise<ArticleForCart[]> {
  if (codes.length === 0) return [];
  const [rows, variantRows] = await Promise.all([
    db
      .select(forCartColumns)
      .from(articles)
      .innerJoin(saleUnit, eq(saleUnit.code, articles.saleUnit))
      .where(inArray(articles.code, [...codes])),
    db
      .select({ articleCode: variants.articleCode, code: variants.code })
      .from(variants)
      .where(inArray(variants.articleCode, [...codes]))
      .orderBy(asc(variants.code)),
  ]);
  return rows.map((row) => ({
    ...row,
    variantCodes: variantRows.filter((variant) => variant.articleCode === row.code).map((v) => v.code),
  }));
}

export async function countActiveArticles(db: DbOrTx): Promise<number> {
  return db.$count(articles, eq(articles.active, true));
}

// ---------------------------------------------------------------- regroupements

export type GroupingMemberRow = {
  code: string;
  designation: string;
  attributes: Record<string, string>;
} & MeasureRow;

/** The distinct active articles of a regroupement, in its order. */
export function groupingMembers(db: DbOrTx, groupingId: number): Promise<GroupingMemberRow[]> {
  const members = db
    .select({
      articleCode: groupingArticles.articleCode,
      position: min(groupingArticles.position).as('position'),
    })
    .from(groupingArticles)
    .where(eq(groupingArticles.groupingId, groupingId))
    .groupBy(groupingArticles.articleCode)
    .as('members');
  return db
    .select({
      code: articles.code,
      designation: articles.designation1,
      ...measureColumns,
      attributes: articles.attributes,
    })
    .from(articles)
    .innerJoin(members, eq(members.articleCode, articles.code))
    .where(eq(articles.active, true))
    .orderBy(asc(members.position), asc(articles.code));
}

export interface ImageSubjectRow {
  code: string;
  designation: string;
  unit: string;
  familyCode: string;
  familyLabel: string;
}

/** The article a placeholder image is drawn for (any article, active or not). */
export async function findImageSubject(db: DbOrTx, code: string): Promise<ImageSubjectRow | undefined> {
  const [row] = await db
    .select({
      code: articles.code,
      designation: articles.designation1,
      unit: articles.saleUnit,
      familyCode: families.code,
      familyLabel: families.label,
    })
    .from(articles)
    .innerJoin(families, eq(families.code, articles.familyCode))
    .where(eq(articles.code, code));
  return row;
}

// ---------------------------------------------------------------- back-office article calls

export interface ArticleSearch {
  /** Folded words (lower case, no accents), each in the designation or starting the code. */
  words: string[];
  /** Only these families; null: every family. */
  familyCodes: string[] | null;
  /** One row per declinaison of an article that has some (else one row per article). */
  perVariant: boolean;
  /** Only articles with stock on hand in some agency. */
  onlyAvailable: boolean;
}

export interface ArticleSearchRow {
  code: string;
  variantCode: string | null;
  designation: string;
  familyCode: string;
}

function articleSearchWhere(search: ArticleSearch): SQL | undefined {
  const wordConditions = search.words.map((word) => {
    const inArticle = sql`(immutable_unaccent(lower(${articles.designation1})) like ${contains(word)}
      or lower(${articles.code}) like ${startsWith(word)})`;
    return search.perVariant
      ? sql`(${inArticle} or immutable_unaccent(lower(${variants.designation})) like ${contains(word)}
          or lower(${variants.code}) like ${startsWith(word)})`
      : inArticle;
  });
  return and(
    eq(articles.active, true),
    search.familyCodes === null ? undefined : inArray(articles.familyCode, search.familyCodes),
    search.onlyAvailable
      ? sql`exists (select 1 from ${stock} where ${stock.articleCode} = ${articles.code} and ${stock.quantity} > 0)`
      : undefined,
    ...wordConditions,
  );
}

/** A page of the articles (or their declinaisons) found, by designation then code. */
export function searchArticleRows(
  db: DbOrTx,
  search: ArticleSearch,
  page: { offset: number; limit: number },
): Promise<ArticleSearchRow[]> {
  if (search.familyCodes?.length === 0) return Promise.resolve([]);
  const base = db
    .select({
      code: articles.code,
      variantCode: search.perVariant ? variants.code : sql<string | null>`null`,
      designation: search.perVariant
        ? sql<string>`coalesce(${variants.designation}, ${articles.designation1})`
        : articles.designation1,
      familyCode: articles.familyCode,
    })
    .from(articles);
  const joined = search.perVariant ? base.leftJoin(variants, eq(variants.articleCode, articles.code)) : base;
  return joined
    .where(articleSearchWhere(search))
    .orderBy(
      asc(articles.designation1),
      asc(articles.code),
      ...(search.perVariant ? [asc(variants.code)] : []),
    )
    .limit(page.limit)
    .offset(page.offset);
}

export async function countArticleRows(db: DbOrTx, search: ArticleSearch): Promise<number> {
  if (search.familyCodes?.length === 0) return 0;
  const base = db.select({ total: sql<number>`count(*)::int` }).from(articles);
  const joined = search.perVariant ? base.leftJoin(variants, eq(variants.articleCode, articles.code)) : base;
  const [row] = await joined.where(articleSearchWhere(search));
  return Number(row?.total ?? 0);
}

export type ArticleMeasuresRow = { code: string; designation: string; active: boolean } & MeasureRow;

/** An article (active or not) with its measures; undefined when unknown. */
export async function findArticleMeasures(db: DbOrTx, code: string): Promise<ArticleMeasuresRow | undefined> {
  const [row] = await db
    .select({
      code: articles.code,
      designation: articles.designation1,
      active: articles.active,
      ...measureColumns,
    })
    .from(articles)
    .where(eq(articles.code, code));
  return row;
}

/** Marks an article inactive; false when unknown. */
export async function deactivateArticle(db: DbOrTx, code: string): Promise<boolean> {
  const rows = await db
    .update(articles)
    .set({ active: false })
    .where(eq(articles.code, code))
    .returning({ code: articles.code });
  return rows.length > 0;
}

export type OptionSourceRow = {
  code: string;
  designation: string;
  active: boolean;
  attributes: Record<string, string>;
  variants: { code: string; designation: string; options: Record<string, string> }[];
} & MeasureRow;

/** Articles with their free attributes, measures and declinaisons' options. */
export async function articleOptionSources(db: DbOrTx, codes: readonly string[]): Promise<OptionSourceRow[]> {
  if (codes.length === 0) return [];
  const [rows, variantRows] = await Promise.all([
    db
      .select({
        code: articles.code,
        designation: articles.designation1,
        active: articles.active,
        attributes: articles.attributes,
        ...measureColumns,
      })
      .from(articles)
      .where(inArray(articles.code, [...codes])),
    db
      .select({
        articleCode: variants.articleCode,
        code: variants.code,
        designation: variants.designation,
        options: variants.options,
      })
      .from(variants)
      .where(inArray(variants.articleCode, [...codes]))
      .orderBy(asc(variants.articleCode), asc(variants.code)),
  ]);
  return rows.map((row) => ({
    ...row,
    variants: variantRows.filter((variant) => variant.articleCode === row.code),
  }));
}

// ---------------------------------------------------------------- ERP imports (docs/import-erp.md)

const articleWriteColumns = {
  code: articles.code,
  designation1: articles.designation1,
  designation2: articles.designation2,
  description: articles.description,
  familyCode: articles.familyCode,
  priceHt: articles.priceHt,
  vatRate: articles.vatRate,
  saleUnit: articles.saleUnit,
  stockUnit: articles.stockUnit,
  prepUnit: articles.prepUnit,
  length: articles.length,
  width: articles.width,
  height: articles.height,
  density: articles.density,
  weight: articles.weight,
  diameter: articles.diameter,
  capacity: articles.capacity,
  dimensionUnit: articles.dimensionUnit,
  weightUnit: articles.weightUnit,
  image: articles.image,
  minQuantity: articles.minQuantity,
  saleMultiple: articles.saleMultiple,
  backorderDays: articles.backorderDays,
  active: articles.active,
};
export type ArticleWriteRow = {
  [K in keyof typeof articleWriteColumns]: (typeof articles.$inferSelect)[K];
};

export function articlesByCodes(db: DbOrTx, codes: readonly string[]): Promise<ArticleWriteRow[]> {
  if (!codes.length) return Promise.resolve([]);
  return db
    .select(articleWriteColumns)
    .from(articles)
    .where(inArray(articles.code, [...codes]));
}

const articleKeys = Object.keys(articleWriteColumns) as (keyof ArticleWriteRow)[];

export async function upsertArticles(
  db: DbOrTx,
  rows: readonly ArticleWriteRow[] | JsonRowsQuery,
): Promise<void> {
  await upsertJsonRows(db, articles, articleKeys, ['code'], rows);
}

/** The codes among `codes` that are articles. */
export async function existingArticleCodes(db: DbOrTx, codes: readonly string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const rows = await db
    .select({ code: articles.code })
    .from(articles)
    .where(inArray(articles.code, [...codes]));
  return new Set(rows.map((row) => row.code));
}

/** Creates the units not there yet (labelled with their code); the ERP names them in article rows. */
/** Creates the units an articles file names that the shop does not know: labelled by their code. */
export async function ensureUnits(db: DbOrTx, codes: readonly string[]): Promise<void> {
  if (!codes.length) return;
  await db
    .insert(units)
    .values(codes.map((code) => ({ code, label: code, decimals: defaultUnitDecimals(code) })))
    .onConflictDoNothing();
}

export type UnitWriteRow = typeof units.$inferSelect;

export function unitsByCodes(db: DbOrTx, codes: readonly string[]): Promise<UnitWriteRow[]> {
  if (!codes.length) return Promise.resolve([]);
  return db
    .select()
    .from(units)
    .where(inArray(units.code, [...codes]));
}

export async function upsertUnits(db: DbOrTx, rows: readonly UnitWriteRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(units)
    .values([...rows])
    .onConflictDoUpdate({
      target: units.code,
      set: { label: sql`excluded.label`, decimals: sql`excluded.decimals` },
    });
}

export type VariantWriteRow = typeof variants.$inferSelect;

export function variantsOfArticles(db: DbOrTx, articleCodes: readonly string[]): Promise<VariantWriteRow[]> {
  if (!articleCodes.length) return Promise.resolve([]);
  return db
    .select()
    .from(variants)
    .where(inArray(variants.articleCode, [...articleCodes]));
}

export async function upsertVariants(db: DbOrTx, rows: readonly VariantWriteRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(variants)
    .values([...rows])
    .onConflictDoUpdate({
      target: [variants.articleCode, variants.code],
      set: excludedSet(variants, ['designation', 'options', 'priceHt', 'weight']),
    });
}

export type StockWriteRow = typeof stock.$inferSelect;

export function stockOfArticles(db: DbOrTx, articleCodes: readonly string[]): Promise<StockWriteRow[]> {
  if (!articleCodes.length) return Promise.resolve([]);
  return db
    .select()
    .from(stock)
    .where(inArray(stock.articleCode, [...articleCodes]));
}

export async function upsertStock(db: DbOrTx, rows: readonly StockWriteRow[] | JsonRowsQuery): Promise<void> {
  await upsertJsonRows(
    db,
    stock,
    ['articleCode', 'variantCode', 'agencyCode', 'quantity'],
    ['articleCode', 'variantCode', 'agencyCode'],
    rows,
  );
}
