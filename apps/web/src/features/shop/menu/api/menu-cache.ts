// The sub-menus cached in local storage (docs/contract/category-menu.md): keys start with 'openweb-menu';
// the entries 'openweb-menu.version' and 'openweb-menu.cacheKey' say what they were cached for, and every
// entry is dropped as soon as either changes. A storage that refuses (private mode, quota) only costs the
// cache.
import { MENU_STORAGE_PREFIX } from '@comptoir/shared/menu-texts';

const VERSION_KEY = `${MENU_STORAGE_PREFIX}.version`;
const CACHE_KEY_KEY = `${MENU_STORAGE_PREFIX}.cacheKey`;

export const menuEntryKey = (kind: 'submenu' | 'simplemenu', code: string) =>
  `${MENU_STORAGE_PREFIX}.${kind}.${code}`;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Drops every menu entry when the data version or the cache key differs from the stored ones. */
export function syncMenuCache(version: string, cacheKey: string): void {
  const store = storage();
  if (!store) return;
  try {
    if (store.getItem(VERSION_KEY) === version && store.getItem(CACHE_KEY_KEY) === cacheKey) return;
    const stale: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(MENU_STORAGE_PREFIX)) stale.push(key);
    }
    stale.forEach((key) => store.removeItem(key));
    store.setItem(VERSION_KEY, version);
    store.setItem(CACHE_KEY_KEY, cacheKey);
  } catch {
    // The cache is an optimisation only.
  }
}

/**
 * An entry as written by writeMenuEntry from an API answer. Not parsed again: the entries are dropped when
 * the cacheKey changes, and it changes with the cached shapes (MENU_CACHE_SCHEMA).
 */
export function readMenuEntry<T>(key: string): T | undefined {
  try {
    const text = storage()?.getItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeMenuEntry(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // The cache is an optimisation only.
  }
}
