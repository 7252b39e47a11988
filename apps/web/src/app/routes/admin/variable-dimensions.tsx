import { VariableDimensionsPage } from '../../../features/admin/variable-dimensions/components/variable-dimensions-page';

export function Component() {
  return <VariableDimensionsPage />;
}
