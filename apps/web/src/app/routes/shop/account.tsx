import { CustomerGuard } from '../../customer-guard';
import { AccountPage, ACCOUNT_TEXTS } from '../../../features/shop/account/components/account-page';

// A customer's page: a visitor logs in first, an administrator is told it is for customer accounts.
export function Component() {
  return (
    <CustomerGuard title={ACCOUNT_TEXTS.title}>
      <AccountPage />
    </CustomerGuard>
  );
}
