import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
// Mantine's styles the storefront needs, before the app's own (the back office adds the rest).
import './app/styles/shop-styles';
import { AppProvider } from './app/provider';
import { AppRouter, firstPageLoads } from './app/router';
import { preloadPage } from './app/lazy-page';
import { createQueryClient } from './lib/query-client';
import { SSR_STATE_ID, type SsrState } from './ssr-state';

const app = (queryClient?: QueryClient) => (
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

function draw() {
  const root = document.getElementById('root')!;
  const state = document.getElementById(SSR_STATE_ID);
  if (state && root.firstChild) {
    // Drawn by the server for a visitor (entry-server.tsx): the same answers give the same first render.
    const queryClient = createQueryClient();
    for (const [key, data] of JSON.parse(state.textContent ?? '[]') as SsrState)
      queryClient.setQueryData(key, data);
    hydrateRoot(root, app(queryClient));
  } else {
    createRoot(root).render(app());
  }
}

/**
 * Runs each step in a task of its own (a message to itself: not slowed down in a background tab as
 * timers are). Loading the first page's layout and page adds a `<link rel=modulepreload>` per chunk,
 * about 20 ms of a phone's main thread for a category page: inside the hydration's first task it made
 * that task a long one (docs/performance/lighthouse.md).
 */
function inTasksOfTheirOwn(steps: (() => void)[]) {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    steps.shift()?.();
    if (steps.length > 0) channel.port2.postMessage(null);
    else channel.port1.close();
  };
  channel.port2.postMessage(null);
}

inTasksOfTheirOwn([...firstPageLoads(window.location.pathname).map((load) => () => preloadPage(load)), draw]);
