import { ShippingFeesPage } from '../../../features/admin/shipping-fees/components/shipping-fees-page';

export function Component() {
  return <ShippingFeesPage />;
}
