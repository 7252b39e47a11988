import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { settings, settingsHistory } from '@comptoir/db/schema';

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
  // Drizzle writes a JS null as SQL NULL, which the column refuses: store the JSON null instead.
  const json = value === null ? sql`'null'::jsonb` : value;
  await db
    .insert(settings)
    .values({ key, value: json })
    .onConflictDoUpdate({ target: settings.key, set: { value: json, updatedAt: sql`now()` } });
}

// ---------------------------------------------------------------- the change history

export interface SettingChangeRow {
  key: string;
  oldValue: unknown;
  newValue: unknown;
  userId: number;
  login: string;
}

export async function insertSettingChanges(db: DbOrTx, changes: SettingChangeRow[]): Promise<void> {
  if (changes.length === 0) return;
  await db.insert(settingsHistory).values(changes);
}

export interface SettingHistoryRow {
  id: number;
  key: string;
  oldJson: string | null;
  newJson: string | null;
  login: string;
  changedAt: number;
}

/** A page of the changes of `keys`, newest first; values as JSON text (see findSettingValue). */
export function findSettingChanges(
  db: DbOrTx,
  keys: readonly string[],
  page: { offset: number; limit: number },
): Promise<SettingHistoryRow[]> {
  return db
    .select({
      id: settingsHistory.id,
      key: settingsHistory.key,
      oldJson: sql<string | null>`${settingsHistory.oldValue}::text`,
      newJson: sql<string | null>`${settingsHistory.newValue}::text`,
      login: settingsHistory.login,
      changedAt: sql<number>`floor(extract(epoch from ${settingsHistory.changedAt}))::integer`,
    })
    .from(settingsHistory)
    .where(inArray(settingsHistory.key, [...keys]))
    .orderBy(desc(settingsHistory.changedAt), desc(settingsHistory.id))
    .offset(page.offset)
    .limit(page.limit);
}

export async function countSettingChanges(db: DbOrTx, keys: readonly string[]): Promise<number> {
  return db.$count(settingsHistory, inArray(settingsHistory.key, [...keys]));
}

/** Every stored setting's JSON value, by key (a few dozen rows: what the answer cache keeps). */
export async function findAllSettingValues(db: DbOrTx): Promise<Map<string, unknown>> {
  const rows = await db
    .select({ key: settings.key, json: sql<string>`${settings.value}::text` })
    .from(settings);
  return new Map(rows.map((row) => [row.key, JSON.parse(row.json) as unknown]));
}

/** The stored JSON values of `keys` in one query (keys never stored are absent from the map). */
export async function findSettingValues(
  db: DbOrTx,
  keys: readonly string[],
  lock?: SettingLock,
): Promise<Map<string, unknown>> {
  const query = db
    .select({ key: settings.key, json: sql<string>`${settings.value}::text` })
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  const rows = await (lock ? query.for(lock) : query);
  return new Map(rows.map((row) => [row.key, JSON.parse(row.json) as unknown]));
}
