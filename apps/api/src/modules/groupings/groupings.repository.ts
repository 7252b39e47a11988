// Every database access to the regroupements (groupings) and their articles. The catalogue module reads
// the same tables for the product page; only this module writes them.
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { groupingArticles, groupings } from '@comptoir/db/schema';

export type GroupingRow = typeof groupings.$inferSelect;
export type GroupingValues = Pick<
  typeof groupings.$inferInsert,
  'title' | 'canonicalTag' | 'label' | 'type' | 'masterArticleCode' | 'masterVariantCode' | 'attributes'
>;
export interface MemberRow {
  groupingId: number;
  articleCode: string;
  variantCode: string;
  position: number;
}

/**
 * Serialises the writes that check "an article belongs to one grouping at most" and then write
 * members, without blocking readers: a row lock would not stop a concurrent insert.
 */
export async function lockGroupings(db: DbOrTx): Promise<void> {
  await db.execute(sql`lock table ${groupingArticles} in share row exclusive mode`);
}

export function groupingPage(db: DbOrTx, page: { offset: number; limit: number }): Promise<GroupingRow[]> {
  return db
    .select()
    .from(groupings)
    .orderBy(asc(groupings.title), asc(groupings.id))
    .limit(page.limit)
    .offset(page.offset);
}

export const countGroupings = (db: DbOrTx): Promise<number> => db.$count(groupings);

export async function findGrouping(db: DbOrTx, id: number): Promise<GroupingRow | undefined> {
  const [row] = await db.select().from(groupings).where(eq(groupings.id, id));
  return row;
}

/** The members of these groupings, each grouping's in its order. */
export function membersOf(db: DbOrTx, ids: readonly number[]): Promise<MemberRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(groupingArticles)
    .where(inArray(groupingArticles.groupingId, [...ids]))
    .orderBy(asc(groupingArticles.groupingId), asc(groupingArticles.position));
}

/** The first other grouping holding one of these article codes (any declinaison), with the code. */
export async function otherGroupingHolding(
  db: DbOrTx,
  articleCodes: readonly string[],
  exceptId: number | null,
): Promise<{ articleCode: string; title: string } | undefined> {
  if (articleCodes.length === 0) return undefined;
  const [row] = await db
    .select({ articleCode: groupingArticles.articleCode, title: groupings.title })
    .from(groupingArticles)
    .innerJoin(groupings, eq(groupings.id, groupingArticles.groupingId))
    .where(
      and(
        inArray(groupingArticles.articleCode, [...articleCodes]),
        exceptId === null ? undefined : ne(groupingArticles.groupingId, exceptId),
      ),
    )
    .orderBy(asc(groupingArticles.articleCode))
    .limit(1);
  return row;
}

/** The grouping holding each of these article codes (any declinaison): id and title, by code. */
export function groupingsHolding(
  db: DbOrTx,
  articleCodes: readonly string[],
): Promise<{ articleCode: string; id: number; title: string }[]> {
  if (articleCodes.length === 0) return Promise.resolve([]);
  return db
    .selectDistinctOn([groupingArticles.articleCode], {
      articleCode: groupingArticles.articleCode,
      id: groupings.id,
      title: groupings.title,
    })
    .from(groupingArticles)
    .innerJoin(groupings, eq(groupings.id, groupingArticles.groupingId))
    .where(inArray(groupingArticles.articleCode, [...articleCodes]))
    .orderBy(asc(groupingArticles.articleCode), asc(groupings.id));
}

export async function insertGrouping(db: DbOrTx, values: GroupingValues): Promise<GroupingRow> {
  const [row] = await db.insert(groupings).values(values).returning();
  return row!;
}

export async function updateGrouping(
  db: DbOrTx,
  id: number,
  values: GroupingValues,
): Promise<GroupingRow | undefined> {
  const [row] = await db
    .update(groupings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(groupings.id, id))
    .returning();
  return row;
}

/** Replaces a grouping's members by these, in this order. */
export async function replaceMembers(
  db: DbOrTx,
  id: number,
  members: readonly { articleCode: string; variantCode: string }[],
): Promise<void> {
  await db.delete(groupingArticles).where(eq(groupingArticles.groupingId, id));
  if (members.length > 0)
    await db
      .insert(groupingArticles)
      .values(members.map((member, position) => ({ groupingId: id, ...member, position })));
}

export async function deleteGrouping(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(groupings).where(eq(groupings.id, id)).returning({ id: groupings.id });
  return rows.length > 0;
}

/** Takes an article (and its declinaisons) out of every grouping; answers the groupings it was in. */
export async function removeArticleMembers(db: DbOrTx, articleCode: string): Promise<number[]> {
  const rows = await db
    .delete(groupingArticles)
    .where(eq(groupingArticles.articleCode, articleCode))
    .returning({ groupingId: groupingArticles.groupingId });
  return [...new Set(rows.map((row) => row.groupingId))];
}

export async function countMembers(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(groupingArticles)
    .where(eq(groupingArticles.groupingId, id));
  return Number(row?.total ?? 0);
}

/** Makes the first remaining member the grouping's master. */
export async function setFirstMemberAsMaster(db: DbOrTx, id: number): Promise<void> {
  const [first] = await db
    .select({ articleCode: groupingArticles.articleCode, variantCode: groupingArticles.variantCode })
    .from(groupingArticles)
    .where(eq(groupingArticles.groupingId, id))
    .orderBy(asc(groupingArticles.position))
    .limit(1);
  if (!first) return;
  await db
    .update(groupings)
    .set({
      masterArticleCode: first.articleCode,
      masterVariantCode: first.variantCode,
      updatedAt: new Date(),
    })
    .where(eq(groupings.id, id));
}
