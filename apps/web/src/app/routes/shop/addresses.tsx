import { CustomerGuard } from '../../customer-guard';
import { AddressesPage } from '../../../features/shop/account/components/addresses-page';
import { ACCOUNT_LABELS } from '../../../features/shop/account/labels';

// A customer's page: a visitor logs in first, an administrator is told it is for customer accounts.
export function Component() {
  return (
    <CustomerGuard title={ACCOUNT_LABELS.title}>
      <AddressesPage />
    </CustomerGuard>
  );
}
