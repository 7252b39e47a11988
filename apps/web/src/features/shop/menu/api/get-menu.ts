import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import type { menuActivities, SimpleMenu, simpleMenu, SubMenu, subMenu } from '@comptoir/shared/menu';
import { apiGet } from '../../../../lib/api';
import { menuEntryKey, readMenuEntry, syncMenuCache, writeMenuEntry } from './menu-cache';

export const menuActivitiesQueryOptions = () =>
  queryOptions({
    queryKey: ['menu', 'activites'],
    queryFn: () => apiGet<typeof menuActivities>('/menu/activites'),
    staleTime: 5 * 60_000,
    meta: { errorToast: ERROR_TOASTS.menu },
  });

/** The activities of the header menu; a failure shows 'error getting menu'. */
export function useMenuActivities() {
  const query = useQuery(menuActivitiesQueryOptions());
  const { version, cacheKey } = query.data ?? {};
  // The cached sub-menus are only kept while they match the data they were read from: synced from every
  // answer, the one the browser asked or the one a page drawn by the server came with.
  useEffect(() => {
    if (version !== undefined && cacheKey !== undefined) syncMenuCache(version, cacheKey);
  }, [version, cacheKey]);
  return query;
}

/** The menu of an activity, from the local cache when it holds it. */
export async function loadSubMenu(activity: string): Promise<SubMenu> {
  const key = menuEntryKey('submenu', activity);
  const cached = readMenuEntry<SubMenu>(key);
  if (cached) return cached;
  const menu = await apiGet<typeof subMenu>(`/submenu/${encodeURIComponent(activity)}`);
  writeMenuEntry(key, menu);
  return menu;
}

/** The sub-levels of a family, from the local cache when it holds them. */
export async function loadSimpleMenu(code: string): Promise<SimpleMenu> {
  const key = menuEntryKey('simplemenu', code);
  const cached = readMenuEntry<SimpleMenu>(key);
  if (cached) return cached;
  const menu = await apiGet<typeof simpleMenu>(`/simplemenu/${encodeURIComponent(code)}`);
  writeMenuEntry(key, menu);
  return menu;
}
