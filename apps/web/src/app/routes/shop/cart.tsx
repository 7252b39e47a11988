import { CustomerGuard } from '../../customer-guard';
import { CartPage } from '../../../features/shop/cart/components/cart-page';
import { CART_LABELS } from '../../../features/shop/cart/labels';

// A customer's page, and a visitor's when visitors may order; an administrator is told it is for customer accounts.
export function Component() {
  return (
    <CustomerGuard title={CART_LABELS.title} visitors>
      <CartPage />
    </CustomerGuard>
  );
}
