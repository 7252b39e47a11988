// What the settings module keeps in the answer cache (plugins/kept-read.ts): every stored setting,
// until the settings table changes (the storefront reads several on every request).
import type { DbOrTx } from '@comptoir/db/client';
import type { ParametresConnexion } from '@comptoir/shared/connection-settings';
import { forgetKept, keptRead } from '../../plugins/kept-read';
import { findAllSettingValues } from './settings.repository';

/** The stored settings as kept, with each value read through its schema once. */
export interface KeptSettings {
  stored: Map<string, unknown>;
  values: Map<string, unknown>;
  connection?: ParametresConnexion;
}

/**
 * The stored settings; `storedSettings.whenKept(db)` is undefined when the app keeps none on `db`
 * (in a transaction, or without a change feed): each setting is then read on its own.
 */
export const storedSettings = keptRead({
  key: () => 'settings',
  tables: ['settings'],
  load: async (db): Promise<KeptSettings> => ({ stored: await findAllSettingValues(db), values: new Map() }),
});

/**
 * To call once the transaction that wrote settings has committed: this process's next reads see the
 * new values at once (the other processes drop theirs on the commit's notification).
 */
export const settingsWritten = (db: DbOrTx): void => forgetKept(db, ['settings']);
