// The product page (docs/contract/catalogue-and-product-pages.md): an active article with its unit
// labels, declinaisons and regroupement, the members of that regroupement, and the article a drawn
// picture is made for. Its stock is stock-levels.repository.ts's.
import { and, asc, eq, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { preparedOnce } from '@comptoir/db/prepared-queries';
import { articles, families, groupingArticles, groupings, variants } from '@comptoir/db/schema';
import {
  measureColumns,
  prepUnit,
  saleColumns,
  saleUnit,
  stockUnit,
  type MeasureRow,
} from './article-columns.repository';

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

// ---------------------------------------------------------------- drawn pictures

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
