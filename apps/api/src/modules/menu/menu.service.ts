// The storefront category menu (docs/contract/category-menu.md): activities, their root families,
// then sub-levels on demand (an unknown code answers the generic 404: the storefront only says
// 'error getting menu'). Labels follow the menu.casse setting; the browser caches sub-menus under
// version/cacheKey.
import type { DbOrTx } from '@comptoir/db/client';
import { familyLink } from '@comptoir/shared/catalogue';
import { SETTING_KEYS, type SettingValue } from '@comptoir/shared/domain';
import {
  menuCacheKey,
  menuLabel,
  type MenuActivities,
  type MenuItem,
  type SimpleMenu,
  type SubMenu,
} from '@comptoir/shared/menu';
import { notFound } from '../../errors';
import {
  activityRootFamilies,
  childFamilies,
  familyExists,
  findActivity,
  listActivities,
  treeVersion,
  type MenuFamilyRow,
} from '../families/families.reads';
import { readSetting } from '../settings/settings.service';

type LabelCase = SettingValue<typeof SETTING_KEYS.menuLabelCase>;

const labelCase = (db: DbOrTx): Promise<LabelCase> => readSetting(db, SETTING_KEYS.menuLabelCase);

const itemOf =
  (casse: LabelCase) =>
  (row: MenuFamilyRow): MenuItem => ({
    CODE: row.code,
    NIVEAU: row.level,
    LIBELLE: menuLabel(row.label, casse),
    LIEN: familyLink(row.code),
  });

export async function activities(db: DbOrTx): Promise<MenuActivities> {
  const [rows, version, casse] = await Promise.all([listActivities(db), treeVersion(db), labelCase(db)]);
  return {
    version,
    cacheKey: menuCacheKey(casse),
    activites: rows.map((row) => ({ code: row.code, libelle: menuLabel(row.label, casse) })),
  };
}

export async function subMenuOf(db: DbOrTx, activityCode: string): Promise<SubMenu> {
  const activity = await findActivity(db, activityCode);
  if (!activity) throw notFound();
  const [rows, casse] = await Promise.all([activityRootFamilies(db, activityCode), labelCase(db)]);
  return {
    activite: { code: activity.code, libelle: menuLabel(activity.label, casse) },
    items: rows.map(itemOf(casse)),
  };
}

export async function simpleMenuOf(db: DbOrTx, code: string): Promise<SimpleMenu> {
  if (!(await familyExists(db, code))) throw notFound();
  const [rows, casse] = await Promise.all([childFamilies(db, code), labelCase(db)]);
  return { code, items: rows.map(itemOf(casse)) };
}
