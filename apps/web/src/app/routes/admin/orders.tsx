import { ORDER_LIST_TITLE } from '@comptoir/shared/orders/labels';
import { PageHeader } from '../../../components/ui/page-header';
import { OrdersList } from '../../../features/admin/orders/components/orders-list';

export function Component() {
  return (
    <>
      <PageHeader title={ORDER_LIST_TITLE} />
      <OrdersList />
    </>
  );
}
