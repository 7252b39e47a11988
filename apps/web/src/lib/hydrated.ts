// Whether the page's events are React's yet, and the mark that tells the browser tests. A page drawn
// by the server (entry-server.tsx) shows its buttons before its scripts run; a press then would be
// lost, or submit a form natively. False on the server and while hydrating, true from then on (React
// draws again with the client's value), and at once for a page drawn in the browser.
import { useEffect, useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Marks the page interactive (`<html data-interactive>`) once React has committed it. Drawn beside
 * the page, inside the layout's Suspense boundary around it: a boundary commits whole, so the mark
 * waits for the page's own module, and on a page drawn by the server for the hydration of its controls
 * (a choice made on the drawing before then is reset by the hydration). The browser tests wait for it
 * before they act.
 */
export function InteractiveMark() {
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return null;
}
