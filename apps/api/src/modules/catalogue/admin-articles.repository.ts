// The back office's article calls: the pickers' search of articles or declinaisons, an article's
// measures, its deactivation, the options groupings offer, and the home's count of active articles.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { articles, stock, variants } from '@comptoir/db/schema';
import { escapeLike } from '@comptoir/shared/text';
import { measureColumns, type MeasureRow } from './article-columns.repository';

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

const contains = (word: string) => `%${escapeLike(word)}%`;
const startsWith = (word: string) => `${escapeLike(word)}%`;

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
