import { CustomerGuard } from '../../customer-guard';
import { CheckoutPage } from '../../../features/shop/checkout/components/checkout-page';
import { CHECKOUT_LABELS } from '../../../features/shop/checkout/labels';

// A customer's page, and a visitor's when visitors may order; an administrator is told it is for customer accounts.
export function Component() {
  return (
    <CustomerGuard title={CHECKOUT_LABELS.title} visitors>
      <CheckoutPage />
    </CustomerGuard>
  );
}
