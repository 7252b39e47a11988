// What a shop page needs drawn, declared by its route module beside its Component: the server
// (entry-server.tsx) fetches it before drawing a visitor's page once, rather than drawing to find out.
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from '../lib/router';

export interface PageDataContext {
  /** The client the page is drawn with: fetched with prefetchQuery, an answer is there for the drawing. */
  client: QueryClient;
  /** The route's parameters (`:code`). */
  params: Params;
  /** The address's query. */
  search: URLSearchParams;
}

/**
 * Fetches into `client` the answers the page asks when drawn for a visitor who may browse the shop
 * (an answer asked from another, once this one is in, is awaited in turn). A failed answer is left
 * as failed: prefetchQuery does not throw. An answer fetched but not asked by the drawing is not sent
 * with the page.
 */
export type PrefetchPage = (context: PageDataContext) => Promise<unknown>;
