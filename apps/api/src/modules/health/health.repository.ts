import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';

/** One round trip to the database; throws when it does not answer. */
export async function ping(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}
