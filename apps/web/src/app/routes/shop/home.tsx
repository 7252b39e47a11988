import { PageHeader } from '../../../components/ui/page-header';
import { RootCategories } from '../../../features/shop/catalogue/components/root-categories';

export function Component() {
  return (
    <>
      <PageHeader title="Nos catégories" subtitle="Matériaux, outillage et fournitures pour vos chantiers." />
      <RootCategories />
    </>
  );
}
