import { AccountsPage } from '../../../features/admin/accounts/components/accounts-page';

export function Component() {
  return <AccountsPage />;
}
