// The settings: the one door to the settings table. Each key's value is typed by its schema in
// packages/shared (settingValues) and has a default (SETTING_DEFAULTS), used when the key was never
// stored or holds something its schema refuses.
import type { DbOrTx } from '@comptoir/db/client';
import { SETTING_DEFAULTS, settingValues, type SettingKey, type SettingValue } from '@comptoir/shared/domain';
import { findSettingValue, upsertSetting, type SettingLock } from './settings.repository';

/**
 * The value of setting `key`, or its default. `lock` holds the row until the transaction ends:
 * 'share' for a write that depends on the value, 'update' before changing it.
 */
export async function readSetting<K extends SettingKey>(
  db: DbOrTx,
  key: K,
  options: { lock?: SettingLock } = {},
): Promise<SettingValue<K>> {
  const parsed = settingValues[key].safeParse(await findSettingValue(db, key, options.lock));
  return (parsed.success ? parsed.data : SETTING_DEFAULTS[key]) as SettingValue<K>;
}

/** Stores setting `key`; the value is checked against the key's schema first. */
export async function writeSetting<K extends SettingKey>(
  db: DbOrTx,
  key: K,
  value: SettingValue<K>,
): Promise<void> {
  await upsertSetting(db, key, settingValues[key].parse(value));
}
