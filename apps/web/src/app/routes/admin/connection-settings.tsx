import { ConnectionSettingsPage } from '../../../features/admin/connection-settings/components/connection-settings-page';

export function Component() {
  return <ConnectionSettingsPage />;
}
