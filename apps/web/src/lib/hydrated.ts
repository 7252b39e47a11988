// Whether the page's events are React's yet. A page drawn by the server (entry-server.tsx) shows its
// buttons before its scripts run; a press then would be lost, or submit a form natively. False on the
// server and while hydrating, true from then on (React draws again with the client's value), and at
// once for a page drawn in the browser.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
