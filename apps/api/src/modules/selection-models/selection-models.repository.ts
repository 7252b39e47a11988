// Every database access to the article-selection models.
import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { selectionModels } from '@comptoir/db/schema';

export type SelectionModelRow = typeof selectionModels.$inferSelect;
type Values = Pick<typeof selectionModels.$inferInsert, 'name' | 'families' | 'articles'>;

export function modelPage(db: DbOrTx, page: { offset: number; limit: number }): Promise<SelectionModelRow[]> {
  return db
    .select()
    .from(selectionModels)
    .orderBy(asc(selectionModels.name), asc(selectionModels.id))
    .limit(page.limit)
    .offset(page.offset);
}

export const countModels = (db: DbOrTx): Promise<number> => db.$count(selectionModels);

export async function findModel(db: DbOrTx, id: number): Promise<SelectionModelRow | undefined> {
  const [row] = await db.select().from(selectionModels).where(eq(selectionModels.id, id));
  return row;
}

export async function insertModel(db: DbOrTx, values: Values): Promise<SelectionModelRow> {
  const [row] = await db.insert(selectionModels).values(values).returning();
  return row!;
}

export async function updateModel(
  db: DbOrTx,
  id: number,
  values: Values,
): Promise<SelectionModelRow | undefined> {
  const [row] = await db.update(selectionModels).set(values).where(eq(selectionModels.id, id)).returning();
  return row;
}

export async function deleteModel(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(selectionModels)
    .where(eq(selectionModels.id, id))
    .returning({ id: selectionModels.id });
  return rows.length > 0;
}

export async function latestModel(db: DbOrTx): Promise<SelectionModelRow | undefined> {
  const [row] = await db.select().from(selectionModels).orderBy(desc(selectionModels.id)).limit(1);
  return row;
}
