// `<html data-interactive>`: the page shown is React's, not only the server's drawing of it.
import { useEffect } from 'react';

/**
 * Marks the page interactive once React has committed it. Drawn beside the page, inside the layout's
 * Suspense boundary around it: a boundary commits whole, so the mark waits for the page's own module,
 * and on a page drawn by the server for the hydration of its controls (a choice made on the drawing
 * before then is reset by the hydration). The browser tests wait for it before they act.
 */
export function InteractiveMark() {
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return null;
}
