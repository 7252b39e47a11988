import { CustomerGuard } from '../../customer-guard';
import { QuickOrderPage } from '../../../features/shop/account/components/quick-order-page';
import { ACCOUNT_LABELS } from '../../../features/shop/account/labels';

// A customer's page: a visitor logs in first, an administrator is told it is for customer accounts.
export function Component() {
  return (
    <CustomerGuard title={ACCOUNT_LABELS.title}>
      <QuickOrderPage />
    </CustomerGuard>
  );
}
