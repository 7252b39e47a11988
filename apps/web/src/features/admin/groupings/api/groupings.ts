// The groupings screen's calls: the paged list, save (POST new / PUT existing), delete, and the options of
// the chosen articles (to offer their attributes). A change refreshes the list and the product pages.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type groupingMessageResponse,
  type optionsArticlesResponse,
  regroupementBody,
  type RegroupementBodyInput,
  type regroupementDetail,
  type regroupementsResponse,
} from '@comptoir/shared/groupings';
import { apiGet, apiSend, checkBody } from '../../../../lib/api';
import { productsQueryKey } from '../../../../lib/resources/products';

const groupingsQueryKey = ['service', 'regroupements'] as const;

export function useGroupings(page: number) {
  return useQuery({
    queryKey: [...groupingsQueryKey, page],
    queryFn: () => apiGet<typeof regroupementsResponse>('/service/regroupements', { page }),
    placeholderData: keepPreviousData,
    meta: { errorToast: true },
  });
}

/** GET /service/optionsArticles for article keys ('code' or 'code.declinaison'). */
export const fetchArticleOptions = (keys: readonly string[]) =>
  apiGet<typeof optionsArticlesResponse>('/service/optionsArticles', { articles: keys.join(',') });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: groupingsQueryKey }),
      queryClient.invalidateQueries({ queryKey: productsQueryKey }),
    ]);
}

export function useSaveGrouping() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: RegroupementBodyInput) =>
      apiSend<typeof regroupementDetail>(
        body.id ? 'PUT' : 'POST',
        '/service/regroupement',
        checkBody(regroupementBody, body),
      ),
    onSuccess: invalidate,
  });
}

export function useDeleteGrouping() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) =>
      apiSend<typeof groupingMessageResponse>('DELETE', `/service/regroupement/${id}`),
    onSuccess: invalidate,
  });
}
