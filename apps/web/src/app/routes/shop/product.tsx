import { useParams } from 'react-router';
import { ProductPageView } from '../../../features/shop/product/components/product-page';

export function Component() {
  const { code = '' } = useParams();
  return <ProductPageView code={code} />;
}
