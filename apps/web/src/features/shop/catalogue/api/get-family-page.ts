import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { familyPage } from '@comptoir/shared/catalogue';
import { FAMILY_PAGE_SIZE } from '@comptoir/shared/catalogue-page-texts';
import { apiGet } from '../../../../lib/api';
import { listQuery, type ListParams } from '../../../../lib/list-params';

/** The page shown (0-based) from the address's `?page=` (1-based; anything else is the first). */
export function familyPageIndex(searchParams: URLSearchParams): number {
  const shown = Number(searchParams.get('page') ?? '1');
  return Number.isInteger(shown) && shown > 1 ? shown - 1 : 0;
}

export const familyPageQueryOptions = (code: string, page: number, list: ListParams) =>
  queryOptions({
    queryKey: ['catalogue', 'familles', code, page, list],
    queryFn: () =>
      apiGet<typeof familyPage>(`/catalogue/familles/${encodeURIComponent(code)}`, {
        page,
        size: FAMILY_PAGE_SIZE,
        ...listQuery(list),
      }),
    staleTime: 60_000,
  });

/**
 * A family page, sorted and filtered (public; the stock is the customer's agency's when logged in). A
 * 404 comes back as an ApiError the page shows as 'Famille introuvable'; the previous page stays shown
 * while the next loads.
 */
export function useFamilyPage(code: string, page: number, list: ListParams) {
  return useQuery({ ...familyPageQueryOptions(code, page, list), placeholderData: keepPreviousData });
}
