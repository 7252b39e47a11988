import { PageHeader } from '../../../components/ui/page-header';
import { RootCategories } from '../../../features/shop/catalogue/components/root-categories';
import { SelectionShowcase } from '../../../features/shop/catalogue/components/selection-showcase';
import { APP_LABELS } from '../../labels';

export function Component() {
  return (
    <>
      <PageHeader title={APP_LABELS.shop.homeTitle} subtitle={APP_LABELS.shop.homeSubtitle} />
      <SelectionShowcase />
      <RootCategories />
    </>
  );
}
