import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@comptoir/db/client';
import type { articles } from '@comptoir/db/schema';

export interface FamilyCountRow {
  code: string;
  label: string;
  articles: number;
}

/** The root families with the active articles of their whole subtree. */
export const rootFamiliesWithCounts = (db: DbOrTx) => familiesWithCounts(db, sql`parent_code is null`);

/** The direct children of a family with the active articles of their whole subtree. */
export const subFamiliesWithCounts = (db: DbOrTx, code: string) =>
  familiesWithCounts(db, sql`parent_code = ${code}`);

/** `parentIs` names the families to list (unqualified: counts has no parent_code column). */
function familiesWithCounts(db: DbOrTx, parentIs: SQL): Promise<FamilyCountRow[]> {
  return queryRows<FamilyCountRow>(
    db,
    sql`
      with recursive tree(top, code) as (
        select code, code from families where ${parentIs}
        union all
        select tree.top, f.code from families f join tree on f.parent_code = tree.code
      ),
      counts as (
        select tree.top, count(a.code)::int as articles
        from tree join articles a on a.family_code = tree.code and a.active
        group by tree.top
      )
      select f.code, f.label, coalesce(counts.articles, 0) as articles
      from families f left join counts on counts.top = f.code
      where ${parentIs}
      order by f.position, f.label, f.code`,
  );
}

export interface FamilyRow {
  code: string;
  label: string;
}

/** The family and its ancestors, root first; empty for an unknown code. */
export function familyPath(db: DbOrTx, code: string): Promise<FamilyRow[]> {
  return queryRows<FamilyRow>(
    db,
    sql`
      with recursive up(code, label, parent_code, depth) as (
        select code, label, parent_code, 0 from families where code = ${code}
        union all
        select f.code, f.label, f.parent_code, up.depth + 1 from families f join up on f.code = up.parent_code
      )
      select code, label from up order by depth desc`,
  );
}

const subtree = (code: string) => sql`
  with recursive tree(code) as (
    select code from families where code = ${code}
    union all
    select f.code from families f join tree on f.parent_code = tree.code
  )`;

/** Sum of the stock rows of an article (all declinaisons) in the agency, or in all agencies when null. */
const quantityOf = (articleCode: SQL, agencyCode: string | null) => sql`(
  select sum(s.quantity)::float8 from stock s
  where s.article_code = ${articleCode} ${agencyCode === null ? sql`` : sql`and s.agency_code = ${agencyCode}`}
)`;

export async function countSubtreeArticles(db: DbOrTx, code: string): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`${subtree(code)}
      select count(*)::int as total from articles a join tree on a.family_code = tree.code where a.active`,
  );
  return Number(row?.total ?? 0);
}

export interface ArticleCardRow {
  code: string;
  designation: string;
  image: string | null;
  price: number;
  saleUnit: string;
  stockUnit: string;
  hasVariants: boolean;
  quantity: number | null;
}

/** One page of the active articles of a family's subtree, by designation, with their stock. */
export function subtreeArticles(
  db: DbOrTx,
  code: string,
  agencyCode: string | null,
  page: number,
  size: number,
): Promise<ArticleCardRow[]> {
  return queryRows<ArticleCardRow>(
    db,
    sql`${subtree(code)}
      select a.code, a.designation1 as designation, a.image, a.price_ht::float8 as price,
        su.label as "saleUnit", stu.label as "stockUnit",
        exists (select 1 from variants v where v.article_code = a.code) as "hasVariants",
        ${quantityOf(sql`a.code`, agencyCode)} as quantity
      from articles a
      join tree on a.family_code = tree.code
      join units su on su.code = a.sale_unit
      join units stu on stu.code = a.stock_unit
      where a.active
      order by a.designation1, a.code
      limit ${size} offset ${page * size}`,
  );
}

/** An article as the product page needs it: its row's own columns, unit labels, price and stock. */
export type ProductRow = Pick<
  typeof articles.$inferSelect,
  | 'code'
  | 'designation1'
  | 'designation2'
  | 'description'
  | 'familyCode'
  | 'image'
  | 'vatRate'
  | 'length'
  | 'width'
  | 'height'
  | 'density'
  | 'weight'
  | 'diameter'
  | 'capacity'
  | 'dimensionUnit'
  | 'weightUnit'
  | 'attributes'
> & { price: number; saleUnit: string; stockUnit: string; prepUnit: string; quantity: number | null };

const measureColumns = sql`
  a.length::float8 as length, a.width::float8 as width, a.height::float8 as height,
  a.density::float8 as density, a.weight::float8 as weight, a.diameter::float8 as diameter,
  a.capacity::float8 as capacity, a.dimension_unit as "dimensionUnit", a.weight_unit as "weightUnit"`;

/** An active article with its unit labels and stock; undefined when unknown or inactive. */
export async function findProduct(
  db: DbOrTx,
  code: string,
  agencyCode: string | null,
): Promise<ProductRow | undefined> {
  const [row] = await queryRows<ProductRow>(
    db,
    sql`
      select a.code, a.designation1, a.designation2, a.description, a.family_code as "familyCode", a.image,
        a.price_ht::float8 as price, a.vat_rate::float8 as "vatRate",
        su.label as "saleUnit", stu.label as "stockUnit", pu.label as "prepUnit",
        ${measureColumns}, a.attributes,
        ${quantityOf(sql`a.code`, agencyCode)} as quantity
      from articles a
      join units su on su.code = a.sale_unit
      join units stu on stu.code = a.stock_unit
      join units pu on pu.code = a.prep_unit
      where a.code = ${code} and a.active`,
  );
  return row;
}

export interface VariantRow {
  code: string;
  designation: string;
  options: Record<string, string>;
  price: number | null;
  quantity: number | null;
}

export function productVariants(db: DbOrTx, code: string, agencyCode: string | null): Promise<VariantRow[]> {
  return queryRows<VariantRow>(
    db,
    sql`
      select v.code, v.designation, v.options, v.price_ht::float8 as price,
        (select sum(s.quantity)::float8 from stock s
          where s.article_code = v.article_code and s.variant_code = v.code
          ${agencyCode === null ? sql`` : sql`and s.agency_code = ${agencyCode}`}) as quantity
      from variants v
      where v.article_code = ${code}
      order by v.code`,
  );
}

export interface GroupingRow {
  id: number;
  title: string;
  attributes: { propriete: string; nature: string; designation: string; suffixe: string }[];
}

/** The first regroupement (lowest id) the article belongs to. */
export async function groupingOf(db: DbOrTx, articleCode: string): Promise<GroupingRow | undefined> {
  const [row] = await queryRows<GroupingRow>(
    db,
    sql`
      select g.id, g.title, g.attributes from groupings g
      where exists (select 1 from grouping_articles ga where ga.grouping_id = g.id and ga.article_code = ${articleCode})
      order by g.id limit 1`,
  );
  return row;
}

export interface GroupingMemberRow {
  code: string;
  designation: string;
  length: number | null;
  width: number | null;
  height: number | null;
  density: number | null;
  weight: number | null;
  diameter: number | null;
  capacity: number | null;
  dimensionUnit: string | null;
  weightUnit: string | null;
  attributes: Record<string, string>;
}

/** The distinct active articles of a regroupement, in its order. */
export function groupingMembers(db: DbOrTx, groupingId: number): Promise<GroupingMemberRow[]> {
  return queryRows<GroupingMemberRow>(
    db,
    sql`
      select a.code, a.designation1 as designation, ${measureColumns}, a.attributes
      from articles a
      join (select article_code, min(position) as position from grouping_articles
            where grouping_id = ${groupingId} group by article_code) m on m.article_code = a.code
      where a.active
      order by m.position, a.code`,
  );
}

export interface ImageSubjectRow {
  code: string;
  familyCode: string;
  familyLabel: string;
}

/** The article a placeholder image is drawn for (any article, active or not). */
export async function findImageSubject(db: DbOrTx, code: string): Promise<ImageSubjectRow | undefined> {
  const [row] = await queryRows<ImageSubjectRow>(
    db,
    sql`select a.code, f.code as "familyCode", f.label as "familyLabel"
        from articles a join families f on f.code = a.family_code where a.code = ${code}`,
  );
  return row;
}

/** The agency of a customer; undefined when unknown. */
export async function customerAgency(db: DbOrTx, customerCode: string): Promise<string | undefined> {
  const [row] = await queryRows<{ agencyCode: string }>(
    db,
    sql`select agency_code as "agencyCode" from customers where code = ${customerCode}`,
  );
  return row?.agencyCode;
}

/** The stored JSON text of a setting (parsed by the caller), undefined when never stored. */
export async function settingJson(db: DbOrTx, key: string): Promise<string | undefined> {
  const [row] = await queryRows<{ json: string }>(
    db,
    sql`select value::text as json from settings where key = ${key}`,
  );
  return row?.json;
}
