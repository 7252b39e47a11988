// The storefront drawn by the server for a visitor (docs/architecture/server-rendering.md): the same
// providers and routes as main.tsx, at the requested address, with the answers the page asks fetched
// through `fetcher` (the API server asks itself). Built by Vite in SSR mode into dist-ssr/.
//
// A page is fetched, then drawn once: the layout's and the page's route modules declare the answers
// they ask for a visitor (`prefetch`, app/page-data.ts), fetched together with the session and the
// shop's access before the drawing. Should the drawing still ask an answer it has not (a route that
// declares nothing, a block asked from another's answer), it is fetched and the page drawn again,
// until a pass asks nothing new (MAX_PASSES at most). That pass's HTML is the page, and the answers it
// was drawn from go with it, under the keys the client's hooks use, for the hydration.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { QueryClient, skipToken, type Query } from '@tanstack/react-query';
import { AppProvider } from './app/provider';
import { loadOnce } from './app/lazy-page';
import { AppRoutes, firstPageMatches } from './app/router';
import { setApiFetch } from './lib/api';
import { meQueryOptions } from './lib/auth';
import { shopAccessQueryOptions } from './lib/shop-access';
import { MemoryRouter } from './lib/router';
import type { SsrState } from './ssr-state';

/** A page that declares not all it asks is drawn again for the rest, a few rounds at most. */
const MAX_PASSES = 5;

/** The id of the `<script type="application/json">` block of the answers (read by main.tsx). */
export { SSR_STATE_ID } from './ssr-state';

export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The answers as JSON (`[queryKey, data][]`), `<` escaped: safe inside a script element. */
  state: string;
  /** How many times the page was drawn (1 when its routes declared all it asks). */
  passes: number;
}

export interface RenderOptions {
  /** False: the routes' declared answers are not fetched first (found by drawing; for the tests). */
  prefetch?: boolean;
}

/** Answers a GET of the API (a path with its query) as the app would answer a visitor's browser. */
export type Fetcher = (url: string) => Promise<Response>;

let currentFetcher: Fetcher | null = null;

// Every render of this process asks through the fetcher it was given (one per server: only visitors,
// without cookies, are drawn, so every render asks the same way). Nothing but GETs: a page must not write.
setApiFetch(async (input, init) => {
  if ((init?.method ?? 'GET') !== 'GET') throw new Error('Server rendering sends no write');
  if (!currentFetcher) throw new Error('Server rendering without a fetcher');
  return currentFetcher(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
});

async function drawOnce(url: string, client: QueryClient, signal: AbortSignal): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider queryClient={client}>
        <MemoryRouter initialEntries={[url]}>
          <AppRoutes />
        </MemoryRouter>
      </AppProvider>
    </StrictMode>,
    // No boundary set apart to be revealed by an inline script (React does so for a large one): the
    // CSP's script-src 'self' would block the script, and the page would stay on its fallback.
    { signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

/** The page at `url` (path and query) drawn for a visitor, with the answers it was drawn from. */
export async function renderPage(
  url: string,
  fetcher: Fetcher,
  signal: AbortSignal,
  { prefetch = true }: RenderOptions = {},
): Promise<RenderedPage> {
  currentFetcher = fetcher;
  // No retry: an answer that fails is left to the browser, which asks it again after the hydration.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The queries a pass asked with `enabled` (and a query function): the hooks default their options here.
  const asked = new Set<string>();
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options) => {
    const defaulted = defaults(options);
    if (defaulted.enabled !== false && defaulted.queryFn !== skipToken && defaulted.queryHash)
      asked.add(defaulted.queryHash);
    return defaulted;
  }) as typeof client.defaultQueryOptions;
  const tried = new Set<string>();
  const cache = client.getQueryCache();
  // A failed answer is drawn as not yet there, as the browser will draw it before asking again.
  const settle = (queries: Query[]) => {
    for (const query of queries) {
      tried.add(query.queryHash);
      if (query.state.status === 'error') cache.remove(query);
    }
  };
  // The answers sent with the page: the session and access, and those a pass asked (a declared answer
  // the drawing did not ask is not sent).
  const drawnFrom = new Set<string>();
  try {
    const { pathname, search } = new URL(url, 'http://comptoir.invalid');
    const declared = prefetch
      ? firstPageMatches(pathname).map(async ({ load, params }) => {
          const module = await loadOnce(load).catch(() => null);
          await module?.prefetch?.({ client, params, search: new URLSearchParams(search) });
        })
      : [];
    // What every storefront page asks first, with what its routes declare.
    await Promise.all([
      client.prefetchQuery(meQueryOptions()),
      client.prefetchQuery(shopAccessQueryOptions()),
      ...declared,
    ]);
    for (const options of [meQueryOptions(), shopAccessQueryOptions()]) {
      const query = cache.find({ queryKey: options.queryKey, exact: true });
      if (query) drawnFrom.add(query.queryHash);
    }
    settle(cache.getAll());
    for (let pass = 1; ; pass++) {
      asked.clear();
      const html = await drawOnce(url, client, signal);
      for (const hash of asked) drawnFrom.add(hash);
      const missing = [...asked]
        .filter((hash) => !tried.has(hash))
        .map((hash) => cache.get(hash))
        .filter((query): query is Query => query !== undefined && query.state.status === 'pending');
      if (missing.length === 0) {
        // In the order they were asked: the session and access, then as the page draws them.
        const answers = [...drawnFrom]
          .map((hash) => cache.get(hash))
          .filter((query): query is Query => query?.state.status === 'success')
          .map((query): SsrState[number] => [query.queryKey, query.state.data]);
        return { html, state: JSON.stringify(answers).replace(/</g, '\\u003c'), passes: pass };
      }
      if (pass === MAX_PASSES)
        throw new Error(`Server rendering of ${url}: still asking after ${pass} passes`);
      signal.throwIfAborted();
      await Promise.all(missing.map((query) => query.fetch().catch(() => undefined)));
      settle(missing);
    }
  } finally {
    client.clear();
  }
}
