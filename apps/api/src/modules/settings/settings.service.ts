// The settings: the one door to the settings table. Each key's value is typed by its schema in
// packages/shared (settingValues) and has a default (SETTING_DEFAULTS), used when the key was never
// stored or holds something its schema refuses.
import type { Database, DbOrTx } from '@comptoir/db/client';
import {
  CONNECTION_FIELDS,
  CONNECTION_SETTING_KEYS,
  CONNECTION_SETTINGS_MESSAGES,
  connectionSettingsIssues,
  settingJson,
  type AccesBoutique,
  type ConnectionField,
  type ConnectionSettingsIssue,
  type HistoriqueQuery,
  type HistoriqueResponse,
  type ParametresConnexion,
} from '@comptoir/shared/connection-settings';
import {
  SETTING_DEFAULTS,
  SETTING_KEYS,
  settingValues,
  type SettingKey,
  type SettingValue,
} from '@comptoir/shared/domain';
import { visitorsSeeTtcFirst } from '@comptoir/shared/connection-settings-texts';
import { badRequest } from '../../errors';
import { customerTypeChoices, findCustomer } from '../reference/reference.service';
import { agencyExists } from '../reference/reference.reads';
import {
  countSettingChanges,
  findSettingChanges,
  findSettingValue,
  findSettingValues,
  insertSettingChanges,
  upsertSetting,
  type SettingLock,
} from './settings.repository';
import { settingsWritten, storedSettings, type KeptSettings } from './settings.kept';

/** `key`'s value in kept settings, checked against its schema on the first read only. */
function keptValue<K extends SettingKey>(kept: KeptSettings, key: K): SettingValue<K> {
  if (!kept.values.has(key)) kept.values.set(key, settingOrDefault(kept.stored, key));
  return kept.values.get(key) as SettingValue<K>;
}

/**
 * The value of setting `key`, or its default. `lock` holds the row until the transaction ends:
 * 'share' for a write that depends on the value, 'update' before changing it. Outside a transaction
 * the value comes from the answer cache when the app keeps one.
 */
export async function readSetting<K extends SettingKey>(
  db: DbOrTx,
  key: K,
  options: { lock?: SettingLock } = {},
): Promise<SettingValue<K>> {
  const kept = options.lock ? undefined : storedSettings.whenKept(db);
  if (kept) return keptValue(await kept, key);
  return settingOrDefault(new Map([[key as string, await findSettingValue(db, key, options.lock)]]), key);
}

/**
 * To call once the transaction that wrote settings has committed: this process's next reads see the
 * new values at once (the other processes drop theirs on the commit's notification).
 */
export { settingsWritten };

/**
 * Stores setting `key`; the value is checked against the key's schema first. Inside a transaction,
 * the caller calls settingsWritten once it has committed.
 */
export async function writeSetting<K extends SettingKey>(
  db: DbOrTx,
  key: K,
  value: SettingValue<K>,
): Promise<void> {
  await upsertSetting(db, key, settingValues[key].parse(value));
  settingsWritten(db);
}

// ---------------------------------------------------------------- the connection settings

/** Reads `key`'s stored value as its schema allows, or its default. */
function settingOrDefault<K extends SettingKey>(stored: Map<string, unknown>, key: K): SettingValue<K> {
  const parsed = settingValues[key].safeParse(stored.get(key));
  return (parsed.success ? parsed.data : SETTING_DEFAULTS[key]) as SettingValue<K>;
}

const CONNECTION_KEYS = Object.values(CONNECTION_SETTING_KEYS);

/**
 * Every connection setting in one query (the storefront reads them on each call it guards), or from
 * the answer cache as readSetting.
 */
export async function readConnectionSettings(
  db: DbOrTx,
  options: { lock?: SettingLock } = {},
): Promise<ParametresConnexion> {
  const kept = options.lock ? undefined : await storedSettings.whenKept(db);
  // Frozen: one object serves every request until the settings change.
  if (kept) return (kept.connection ??= Object.freeze(connectionSettingsOf(kept.stored)));
  return connectionSettingsOf(await findSettingValues(db, CONNECTION_KEYS, options.lock));
}

const connectionSettingsOf = (stored: Map<string, unknown>) =>
  Object.fromEntries(
    CONNECTION_FIELDS.map((field) => [field, settingOrDefault(stored, CONNECTION_SETTING_KEYS[field])]),
  ) as ParametresConnexion;

/** The codes a connection settings body names, checked against the reference data. */
async function unknownCodes(db: DbOrTx, value: ParametresConnexion): Promise<ConnectionSettingsIssue[]> {
  const issues: ConnectionSettingsIssue[] = [];
  const typeExists = async (code: string) =>
    (await customerTypeChoices(db, { value: code, limit: 1 })).some((choice) => choice.VAL === code);
  if (value.visiteurCodeClient !== null && !(await findCustomer(db, value.visiteurCodeClient)))
    issues.push({
      champ: 'visiteurCodeClient',
      message: CONNECTION_SETTINGS_MESSAGES.unknownCustomer(value.visiteurCodeClient),
    });
  for (const profile of value.anonymousParametrages)
    if (!(await typeExists(profile)))
      issues.push({
        champ: 'anonymousParametrages',
        message: CONNECTION_SETTINGS_MESSAGES.unknownProfile(profile),
      });
  if (value.typeClientTemporaire !== null && !(await typeExists(value.typeClientTemporaire)))
    issues.push({
      champ: 'typeClientTemporaire',
      message: CONNECTION_SETTINGS_MESSAGES.unknownCustomerType(value.typeClientTemporaire),
    });
  if (value.agenceDefautTarif !== null && !(await agencyExists(db, value.agenceDefautTarif)))
    issues.push({
      champ: 'agenceDefautTarif',
      message: CONNECTION_SETTINGS_MESSAGES.unknownAgency(value.agenceDefautTarif),
    });
  return issues;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves every connection setting in one transaction, after checking the rules between fields and
 * every code; each field that changed is recorded in the history with who changed it. Answers the
 * settings as stored.
 */
export async function saveConnectionSettings(
  db: Database,
  value: ParametresConnexion,
  by: { id: number; login: string },
): Promise<ParametresConnexion> {
  const issues = [...connectionSettingsIssues(value), ...(await unknownCodes(db, value))];
  if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
  const saved = await db.transaction(async (tx) => {
    const before = await readConnectionSettings(tx, { lock: 'update' });
    const changed = CONNECTION_FIELDS.filter((field) => !sameValue(before[field], value[field]));
    for (const field of changed)
      await writeSetting(tx, CONNECTION_SETTING_KEYS[field], value[field] as never);
    await insertSettingChanges(
      tx,
      changed.map((field) => ({
        key: CONNECTION_SETTING_KEYS[field],
        oldValue: before[field],
        newValue: value[field],
        userId: by.id,
        login: by.login,
      })),
    );
    return readConnectionSettings(tx);
  });
  settingsWritten(db);
  return saved;
}

const FIELD_OF_KEY = new Map<string, ConnectionField>(
  CONNECTION_FIELDS.map((field) => [CONNECTION_SETTING_KEYS[field], field]),
);

const historyValue = (json: string | null) => {
  const parsed = settingJson.safeParse(json === null ? null : JSON.parse(json));
  return parsed.success ? parsed.data : null;
};

/** A page of the connection settings' changes, newest first. */
export async function connectionSettingsHistory(
  db: DbOrTx,
  query: HistoriqueQuery,
): Promise<HistoriqueResponse> {
  const [total, rows] = await Promise.all([
    countSettingChanges(db, CONNECTION_KEYS),
    findSettingChanges(db, CONNECTION_KEYS, { offset: query.page * query.size, limit: query.size }),
  ]);
  return {
    total,
    elements: rows.map((row) => ({
      id: row.id,
      date: row.changedAt,
      login: row.login,
      champ: FIELD_OF_KEY.get(row.key) ?? row.key,
      ancienneValeur: historyValue(row.oldJson),
      nouvelleValeur: historyValue(row.newJson),
    })),
  };
}

/** True when visitors without an account may browse the storefront's catalogue. */
export async function anonymousAccessAllowed(db: DbOrTx): Promise<boolean> {
  return (await readSetting(db, SETTING_KEYS.allowAnonymousAccess)) === '1';
}

/**
 * The customer a visitor without an account orders as, or null when visitors may not order: anonymous
 * access and allowAnonymousCommande both on, and a visiteurCodeClient chosen.
 */
export async function visitorOrderingCustomer(db: DbOrTx): Promise<string | null> {
  const [access, ordering, code] = await Promise.all([
    readSetting(db, SETTING_KEYS.allowAnonymousAccess),
    readSetting(db, SETTING_KEYS.allowAnonymousCommande),
    readSetting(db, SETTING_KEYS.visiteurCodeClient),
  ]);
  return access === '1' && ordering === '1' ? code : null;
}

/** The storefront's access rules as the auth plugin checks them (plugins/auth.ts, AccessPolicy). */
export const storefrontPolicy = { anonymousAccessAllowed, visitorOrderingCustomer };

/** GET /catalogue/acces: what visitors without an account may see and do. */
export async function storefrontAccess(db: DbOrTx): Promise<AccesBoutique> {
  const settings = await readConnectionSettings(db);
  const ordering = await visitorOrderingCustomer(db);
  return {
    accesAnonyme: settings.allowAnonymousAccess,
    prixAnonymes: settings.showAnonymousPrices,
    // What the server would accept, not the saved flag alone (no visitor customer: no visitor orders).
    commandeAnonyme: ordering === null ? '0' : '1',
    affichageTTC: visitorsSeeTtcFirst(
      settings.allowParAccount,
      settings.visiteurCodeClient ? ((await findCustomer(db, settings.visiteurCodeClient)) ?? null) : null,
    )
      ? '1'
      : '0',
  };
}
