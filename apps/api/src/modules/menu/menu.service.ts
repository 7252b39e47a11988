// The storefront category menu (SPEC §2.10, §7): activities, their root families, then sub-levels on
// demand (an unknown code answers the generic 404: the storefront only says 'error getting menu').
// Labels follow the menu.casse setting; the browser caches sub-menus under version/cacheKey.
import type { Database } from '@comptoir/db/client';
import { familyLink } from '@comptoir/shared/catalogue';
import { SETTING_DEFAULTS, SETTING_KEYS, settingValues } from '@comptoir/shared/domain';
import {
  menuCacheKey,
  menuLabel,
  type MenuActivities,
  type MenuItem,
  type SimpleMenu,
  type SubMenu,
} from '@comptoir/shared/menu';
import { notFound } from '../../errors';
import { settingJson } from '../catalogue/catalogue.repository';
import {
  activityFamilies,
  childFamilies,
  familyExists,
  findActivity,
  listActivities,
  menuDataVersion,
  type MenuFamilyRow,
} from './menu.repository';

type LabelCase = (typeof SETTING_DEFAULTS)[typeof SETTING_KEYS.menuLabelCase];

async function labelCase(db: Database): Promise<LabelCase> {
  const key = SETTING_KEYS.menuLabelCase;
  const json = await settingJson(db, key);
  const parsed = settingValues[key].safeParse(json === undefined ? undefined : JSON.parse(json));
  return parsed.success ? parsed.data : SETTING_DEFAULTS[key];
}

const itemOf =
  (casse: LabelCase) =>
  (row: MenuFamilyRow): MenuItem => ({
    CODE: row.code,
    NIVEAU: row.level,
    LIBELLE: menuLabel(row.label, casse),
    LIEN: familyLink(row.code),
  });

export async function activities(db: Database): Promise<MenuActivities> {
  const [rows, version, casse] = await Promise.all([listActivities(db), menuDataVersion(db), labelCase(db)]);
  return {
    version,
    cacheKey: menuCacheKey(casse),
    activites: rows.map((row) => ({ code: row.code, libelle: menuLabel(row.label, casse) })),
  };
}

export async function subMenuOf(db: Database, activityCode: string): Promise<SubMenu> {
  const activity = await findActivity(db, activityCode);
  if (!activity) throw notFound();
  const [rows, casse] = await Promise.all([activityFamilies(db, activityCode), labelCase(db)]);
  return {
    activite: { code: activity.code, libelle: menuLabel(activity.label, casse) },
    items: rows.map(itemOf(casse)),
  };
}

export async function simpleMenuOf(db: Database, code: string): Promise<SimpleMenu> {
  if (!(await familyExists(db, code))) throw notFound();
  const [rows, casse] = await Promise.all([childFamilies(db, code), labelCase(db)]);
  return { code, items: rows.map(itemOf(casse)) };
}
