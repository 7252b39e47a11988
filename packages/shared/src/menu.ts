import { z } from 'zod';
import type { MENU_LABEL_CASES } from './domain';

export { MENU_HOVER_DELAY_MS, MENU_STORAGE_PREFIX } from './menu-texts';

/** Bumped when the cached shapes change, so old entries are dropped (part of the cacheKey). */
export const MENU_CACHE_SCHEMA = 1;

/** A menu item (docs/contract.md, Category menu). */
export const menuItem = z.object({
  CODE: z.string(),
  NIVEAU: z.number().int(),
  LIBELLE: z.string(),
  LIEN: z.string(),
});
export type MenuItem = z.infer<typeof menuItem>;

export const menuActivity = z.object({ code: z.string(), libelle: z.string() });
export type MenuActivity = z.infer<typeof menuActivity>;

/** GET /menu/activites: the header's top entries and what the cached sub-menus must match. */
export const menuActivities = z.object({
  /** Changes whenever the sales plan changes. */
  version: z.string(),
  /** Changes with the label case setting or the cache layout. */
  cacheKey: z.string(),
  activites: z.array(menuActivity),
});
export type MenuActivities = z.infer<typeof menuActivities>;

/** GET /submenu/:activity */
export const subMenu = z.object({ activite: menuActivity, items: z.array(menuItem) });
export type SubMenu = z.infer<typeof subMenu>;

/** GET /simplemenu/:code: the direct sub-levels of a family. */
export const simpleMenu = z.object({ code: z.string(), items: z.array(menuItem) });
export type SimpleMenu = z.infer<typeof simpleMenu>;

/** Setting menu.casse: 'maj' upper-cases the labels, 'min' capitalises them. */
export function menuLabel(label: string, casse: (typeof MENU_LABEL_CASES)[number]): string {
  const lower = label.toLocaleLowerCase('fr-FR');
  if (casse === 'maj') return label.toLocaleUpperCase('fr-FR');
  return lower.charAt(0).toLocaleUpperCase('fr-FR') + lower.slice(1);
}

/** The cacheKey of the menus for a label case. */
export const menuCacheKey = (casse: string) => `${MENU_CACHE_SCHEMA}:${casse}`;
