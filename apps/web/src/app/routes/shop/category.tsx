import { CATEGORY_SELECTOR_MAX_LEVELS } from '@comptoir/shared/category-selector';
import { useParams } from '../../../lib/router';
import { readListParams } from '../../../lib/read-list-params';
import {
  familyPageIndex,
  familyPageQueryOptions,
} from '../../../features/shop/catalogue/api/get-family-page';
import { rootCategoriesQueryOptions } from '../../../features/shop/catalogue/api/get-root-categories';
import { subCategoriesQueryOptions } from '../../../features/shop/catalogue/api/get-sub-categories';
import { FamilyPageView } from '../../../features/shop/catalogue/components/family-page';
import type { PrefetchPage } from '../../page-data';

/**
 * The family's page at the address's page, sort and filters, and the category selector's levels: the
 * root categories, then the sub-families along the family's breadcrumb (known once the page is in).
 */
export const prefetch: PrefetchPage = async ({ client, params, search }) => {
  const code = params['code'] ?? '';
  const page = familyPageQueryOptions(code, familyPageIndex(search), readListParams(search));
  await Promise.all([client.prefetchQuery(page), client.prefetchQuery(rootCategoriesQueryOptions())]);
  const trail = client.getQueryData(page.queryKey)?.fil.map((family) => family.code) ?? [];
  await Promise.all(
    trail
      .slice(0, CATEGORY_SELECTOR_MAX_LEVELS - 1)
      .map((level) => client.prefetchQuery(subCategoriesQueryOptions(level))),
  );
};

export function Component() {
  const { code = '' } = useParams();
  // Keyed by family: another family starts on its own first page state.
  return <FamilyPageView key={code} code={code} />;
}
