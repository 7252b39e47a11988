import { queryOptions, useQuery } from '@tanstack/react-query';
import type { categorieList } from '@comptoir/shared/catalogue';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import { apiGet } from '../../../../lib/api';

export const rootCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['catalogue', 'categories'],
    queryFn: () => apiGet<typeof categorieList>('/catalogue/categories'),
    staleTime: 5 * 60_000,
    meta: { errorToast: ERROR_TOASTS.rootCategories },
  });

/** The root families of the sales plan, with their article counts (public). */
export function useRootCategories() {
  return useQuery(rootCategoriesQueryOptions());
}
