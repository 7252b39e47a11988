import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { siteTags } from '@comptoir/db/schema';

/** Adds the tag to the customer's tags (nothing when it has it already). */
export async function insertSiteTag(db: DbOrTx, customerCode: string, name: string): Promise<void> {
  await db.insert(siteTags).values({ customerCode, name }).onConflictDoNothing();
}

/** The customer's tags, alphabetical (French collation is not needed: accents sort after, which is fine). */
export async function listSiteTags(db: DbOrTx, customerCode: string): Promise<string[]> {
  const rows = await db
    .select({ name: siteTags.name })
    .from(siteTags)
    .where(eq(siteTags.customerCode, customerCode))
    .orderBy(asc(sql`lower(${siteTags.name})`), asc(siteTags.name));
  return rows.map((row) => row.name);
}
