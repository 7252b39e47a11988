// The sales plan and the back office's article searches, as the pickers read them: the root families,
// a family's sub-families (GET /service/planVente/…) and pages of articles (GET /service/articles).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArticlesQuery, articlesResponse } from '@comptoir/shared/groupings';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import type { salesPlanNodeList } from '@comptoir/shared/sales-plan';
import { apiGet } from '../api';

export const salesPlanQueryKey = ['service', 'planVente'] as const;
export const articlesQueryKey = ['service', 'articles'] as const;

/** The root families (code null) or the sub-families of a family, with their article counts. */
export const familyChildrenQueryOptions = (code: string | null) =>
  queryOptions({
    queryKey: [...salesPlanQueryKey, code ?? 'rootCategories'],
    queryFn: () =>
      apiGet<typeof salesPlanNodeList>(
        code === null
          ? '/service/planVente/rootCategories'
          : `/service/planVente/${encodeURIComponent(code)}`,
      ),
    staleTime: 5 * 60_000,
    meta: { errorToast: code === null ? ERROR_TOASTS.rootCategories : ERROR_TOASTS.familly },
  });

export function useFamilyChildren(code: string | null, enabled = true) {
  return useQuery({ ...familyChildrenQueryOptions(code), enabled });
}

export type ArticlesRequest = Partial<Omit<ArticlesQuery, 'page'>> & { page: number };

/** A page of active articles (or declinaisons) found. */
export const articlesQueryOptions = (query: ArticlesRequest) =>
  queryOptions({
    queryKey: [...articlesQueryKey, query],
    queryFn: () => apiGet<typeof articlesResponse>('/service/articles', query),
    meta: { errorToast: ERROR_TOASTS.articles },
  });

export function useArticles(query: ArticlesRequest, enabled = true) {
  return useQuery({ ...articlesQueryOptions(query), enabled, placeholderData: (previous) => previous });
}
