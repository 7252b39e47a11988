// Where the toasts are drawn (Mantine's notifications host and its transitions). Not in the storefront's
// first load: app/provider.tsx loads it after the first paint; a toast shown before it is there waits in
// the store (toasts.ts) and appears once it is.
import { Notifications } from '@mantine/notifications';

export function ToastsHost() {
  return <Notifications position="top-right" limit={4} />;
}
