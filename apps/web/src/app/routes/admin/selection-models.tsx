import { SelectionModelsPage } from '../../../features/admin/selection-models/components/selection-models-page';

export function Component() {
  return <SelectionModelsPage />;
}
