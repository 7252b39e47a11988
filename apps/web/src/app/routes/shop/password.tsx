import { CustomerGuard } from '../../customer-guard';
import { ChangePasswordPage } from '../../../features/shop/account/components/change-password-page';
import { ACCOUNT_LABELS } from '../../../features/shop/account/labels';

// A customer's page: a visitor logs in first, an administrator is told it is for customer accounts.
export function Component() {
  return (
    <CustomerGuard title={ACCOUNT_LABELS.title}>
      <ChangePasswordPage />
    </CustomerGuard>
  );
}
