import { CarriersPage } from '../../../features/admin/carriers/components/carriers-page';

export function Component() {
  return <CarriersPage />;
}
