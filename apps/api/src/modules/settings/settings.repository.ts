import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { settings } from '@comptoir/db/schema';

/** How a read locks the setting's row until the transaction ends. */
export type SettingLock = 'share' | 'update';

/**
 * The stored JSON value of a setting, or undefined when it was never stored. Read as JSON text and
 * parsed here: Drizzle's jsonb column JSON.parses strings the driver already decoded, so the stored
 * string "1" would come back as the number 1.
 */
export async function findSettingValue(db: DbOrTx, key: string, lock?: SettingLock): Promise<unknown> {
  const query = db
    .select({ json: sql<string>`${settings.value}::text` })
    .from(settings)
    .where(eq(settings.key, key));
  const [row] = await (lock ? query.for(lock) : query);
  return row ? (JSON.parse(row.json) as unknown) : undefined;
}

export async function upsertSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}
