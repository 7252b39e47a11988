// Route modules export `Component` and are loaded when first drawn, so that the first load only
// downloads the page it shows (the router draws them under a Suspense boundary).
import { lazy, type ComponentType } from 'react';

export type PageLoad = () => Promise<{ Component: ComponentType }>;

const pages = new Map<PageLoad, ComponentType>();

/** The lazily loaded component of a route module; one per loader, so that it is not loaded again. */
export function lazyPage(load: PageLoad): ComponentType {
  let page = pages.get(load);
  if (!page) {
    page = lazy(async () => ({ default: (await load()).Component }));
    pages.set(load, page);
  }
  return page;
}

/** Starts loading a route module ahead of its drawing; a failure shows when it is drawn. */
export function preloadPage(load: PageLoad): void {
  load().catch(() => undefined);
}
