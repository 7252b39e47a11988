import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ligneDimensionList, uniteList } from '@comptoir/shared/dimensions';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import { apiGet } from '../../../../lib/api';

export const variableDimensionsQueryKey = ['admin', 'dimensionsVariables'] as const;

/** GET /admin/dimensionsVariables/liste: the saved lines. */
export const variableDimensionsQueryOptions = () =>
  queryOptions({
    queryKey: [...variableDimensionsQueryKey, 'liste'],
    queryFn: () => apiGet<typeof ligneDimensionList>('/admin/dimensionsVariables/liste'),
    meta: { errorToast: ERROR_TOASTS.dimensionsVariables },
  });

export function useVariableDimensions() {
  return useQuery(variableDimensionsQueryOptions());
}

/** GET /admin/unite/liste: every unit; asked once the lines are there (the screen's load order). */
export function useUnits(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'unites'],
    queryFn: () => apiGet<typeof uniteList>('/admin/unite/liste'),
    enabled,
    meta: { errorToast: ERROR_TOASTS.dimensionsVariables },
  });
}
