import { PageHeader } from '../../../components/ui/page-header';
import { CategorySelector } from '../../../features/shop/catalogue/components/category-selector';
import { RootCategories } from '../../../features/shop/catalogue/components/root-categories';
import { APP_LABELS } from '../../labels';

export function Component() {
  return (
    <>
      <PageHeader title={APP_LABELS.shop.homeTitle} subtitle={APP_LABELS.shop.homeSubtitle} />
      <CategorySelector />
      <RootCategories />
    </>
  );
}
