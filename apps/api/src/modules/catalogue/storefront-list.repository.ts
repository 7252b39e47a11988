// The storefront's tiles and lists (docs/contract/catalogue-and-product-pages.md): a family page's
// articles, sorted and filtered lists (a family's, a search's results), their attribute facets, the
// tiles of given articles or declinaisons, and what the search index is built from. The family tree
// belongs to the families module: article lists take the family codes it gives.
import { and, asc, eq, getTableName, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@comptoir/db/client';
import { preparedOnce } from '@comptoir/db/prepared-queries';
import { articles, stock, variants } from '@comptoir/db/schema';
import { saleColumns, saleUnit, stockUnit } from './article-columns.repository';

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

// ---------------------------------------------------------------- the search index's rows

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

// ---------------------------------------------------------------- declinaisons as tiles

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
