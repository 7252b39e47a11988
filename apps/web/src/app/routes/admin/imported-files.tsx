import { ImportedFilesPage } from '../../../features/admin/imported-files/components/imported-files-page';

export function Component() {
  return <ImportedFilesPage />;
}
