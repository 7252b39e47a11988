// Route modules export `Component` and are loaded when first drawn, so that the first load only
// downloads the page it shows (the router draws them under a Suspense boundary).
import { lazy, type ComponentType } from 'react';
import type { PrefetchPage } from './page-data';

/** A route module: its page, and what a shop page declares it needs drawn (page-data.ts). */
export type PageLoad = () => Promise<{ Component: ComponentType; prefetch?: PrefetchPage }>;

const pages = new Map<PageLoad, ComponentType>();
const loading = new Map<PageLoad, ReturnType<PageLoad>>();

/**
 * The route module of `load`, asked once: each call of a loader runs Vite's, which resolves and
 * looks up a `<link rel=modulepreload>` for every chunk the module needs (about 50 for a category
 * page). A failed load is asked again the next time.
 */
export function loadOnce(load: PageLoad): ReturnType<PageLoad> {
  let module = loading.get(load);
  if (!module) {
    module = load();
    loading.set(load, module);
    module.catch(() => loading.delete(load));
  }
  return module;
}

/** The lazily loaded component of a route module; one per loader, so that it is not loaded again. */
export function lazyPage(load: PageLoad): ComponentType {
  let page = pages.get(load);
  if (!page) {
    page = lazy(async () => ({ default: (await loadOnce(load)).Component }));
    pages.set(load, page);
  }
  return page;
}

/** Starts loading a route module ahead of its drawing; a failure shows when it is drawn. */
export function preloadPage(load: PageLoad): void {
  loadOnce(load).catch(() => undefined);
}
