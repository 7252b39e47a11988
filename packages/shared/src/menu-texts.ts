// From menu.ts, what the storefront's first load needs (the menu's timing and cache keys): kept apart from
// the schemas so that the first load does not need zod. menu.ts re-exports it.

/** Sub-menus load after the pointer rests this long on an entry. */
export const MENU_HOVER_DELAY_MS = 50;
/** Every local storage key of the menu cache starts with this. */
export const MENU_STORAGE_PREFIX = 'openweb-menu';
