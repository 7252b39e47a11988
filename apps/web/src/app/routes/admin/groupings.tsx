import { GroupingsPage } from '../../../features/admin/groupings/components/groupings-page';

export function Component() {
  return <GroupingsPage />;
}
