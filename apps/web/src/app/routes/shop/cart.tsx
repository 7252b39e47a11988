import { CustomerGuard } from '../../customer-guard';
import { CartPage, CART_TEXTS } from '../../../features/shop/cart/components/cart-page';

// A customer's page: a visitor logs in first, an administrator is told it is for customer accounts.
export function Component() {
  return (
    <CustomerGuard title={CART_TEXTS.title}>
      <CartPage />
    </CustomerGuard>
  );
}
