import { useParams } from '../../../lib/router';
import { ProductPageView } from '../../../features/shop/product/components/product-page';

export function Component() {
  const { code = '' } = useParams();
  return <ProductPageView code={code} />;
}
