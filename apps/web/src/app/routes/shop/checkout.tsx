import { CustomerGuard } from '../../customer-guard';
import { CheckoutPage, CHECKOUT_TEXTS } from '../../../features/shop/checkout/components/checkout-page';

// A customer's page: a visitor logs in first, an administrator is told it is for customer accounts.
export function Component() {
  return (
    <CustomerGuard title={CHECKOUT_TEXTS.title}>
      <CheckoutPage />
    </CustomerGuard>
  );
}
