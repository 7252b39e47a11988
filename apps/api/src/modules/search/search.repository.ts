import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@comptoir/db/client';
import { escapeLike } from '@comptoir/shared/search';

const contains = (word: string) => `%${escapeLike(word)}%`;
const startsWith = (word: string) => `${escapeLike(word)}%`;

const inDesignation = (word: string) =>
  sql`immutable_unaccent(lower(a.designation1)) ilike ${contains(word)}`;

/**
 * The active articles found: every word in the designation, or the first word starting the code and
 * the others in the designation (a reference then words). Two branches rather than one OR per word so
 * that the designation test, written exactly like articles_designation_trgm_idx, is served by the
 * trigram index, and the unaccent function only runs on the few rows whose code matches.
 */
const matched = (words: string[]): SQL => {
  const [first = '', ...rest] = words;
  const others = rest.map((word) => sql` and ${inDesignation(word)}`);
  return sql`matched(code) as (
    select a.code from articles a where a.active and ${sql.join(words.map(inDesignation), sql` and `)}
    union
    select a.code from articles a
    where a.active and upper(a.code) like ${startsWith(first.toUpperCase())}${sql.join(others, sql``)}
  )`;
};

export interface SearchArticleRow {
  code: string;
  designation: string;
  image: string | null;
  stockUnit: string;
  hasVariants: boolean;
  quantity: number | null;
}

/** The articles found (see `matched`): code-prefix matches, then designation-prefix matches, then by designation. */
export function searchArticles(
  db: DbOrTx,
  words: string[],
  agencyCode: string | null,
  limit: number,
  offset: number,
): Promise<SearchArticleRow[]> {
  const first = words[0] ?? '';
  return queryRows<SearchArticleRow>(
    db,
    sql`
      with ${matched(words)}
      select a.code, a.designation1 as designation, a.image, stu.label as "stockUnit",
        exists (select 1 from variants v where v.article_code = a.code) as "hasVariants",
        (select sum(s.quantity)::float8 from stock s where s.article_code = a.code
          ${agencyCode === null ? sql`` : sql`and s.agency_code = ${agencyCode}`}) as quantity
      from matched m
      join articles a on a.code = m.code
      join units stu on stu.code = a.stock_unit
      order by
        case when upper(a.code) like ${startsWith(first.toUpperCase())} then 0
          when immutable_unaccent(lower(a.designation1)) like ${startsWith(first)} then 1
          else 2 end,
        a.designation1, a.code
      limit ${limit} offset ${offset}`,
  );
}

export async function countArticles(db: DbOrTx, words: string[]): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`with ${matched(words)} select count(*)::int as total from matched`,
  );
  return Number(row?.total ?? 0);
}

export interface SearchFamilyRow {
  code: string;
  label: string;
}

/** Families whose label holds every word, label-prefix matches first. */
export function searchFamilies(db: DbOrTx, words: string[], limit: number): Promise<SearchFamilyRow[]> {
  const first = words[0] ?? '';
  return queryRows<SearchFamilyRow>(
    db,
    sql`
      select f.code, f.label from families f
      where ${sql.join(
        words.map((word) => sql`immutable_unaccent(lower(f.label)) ilike ${contains(word)}`),
        sql` and `,
      )}
      order by case when immutable_unaccent(lower(f.label)) like ${startsWith(first)} then 0 else 1 end,
        f.level, f.label, f.code
      limit ${limit}`,
  );
}
