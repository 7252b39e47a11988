import { CustomerGuard } from '../../customer-guard';
import { AccountPage } from '../../../features/shop/account/components/account-page';
import { ACCOUNT_LABELS } from '../../../features/shop/account/labels';

// A customer's page: a visitor logs in first, an administrator is told it is for customer accounts.
export function Component() {
  return (
    <CustomerGuard title={ACCOUNT_LABELS.title}>
      <AccountPage />
    </CustomerGuard>
  );
}
