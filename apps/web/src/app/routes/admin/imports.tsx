import { ImportsPage } from '../../../features/admin/imports/components/imports-page';

export function Component() {
  return <ImportsPage />;
}
