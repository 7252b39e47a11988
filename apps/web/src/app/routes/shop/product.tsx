import { useParams } from '../../../lib/router';
import { cutToSizeQueryOptions } from '../../../features/shop/product/api/get-cut-to-size';
import { productQueryOptions } from '../../../features/shop/product/api/get-product';
import { ProductPageView } from '../../../features/shop/product/components/product-page';
import type { PrefetchPage } from '../../page-data';

/** The product, then whether it is sold cut to size (asked under the article's own code). */
export const prefetch: PrefetchPage = async ({ client, params }) => {
  const product = productQueryOptions(params['code'] ?? '');
  await client.prefetchQuery(product);
  const found = client.getQueryData(product.queryKey);
  if (found) await client.prefetchQuery(cutToSizeQueryOptions(found.codeArticle));
};

export function Component() {
  const { code = '' } = useParams();
  return <ProductPageView code={code} />;
}
