import { queryOptions, useQuery } from '@tanstack/react-query';
import type { selectionVitrine } from '@comptoir/shared/selection-models';
import { apiGet } from '../../../../lib/api';

export const selectionQueryOptions = () =>
  queryOptions({
    queryKey: ['catalogue', 'selection'],
    queryFn: () => apiGet<typeof selectionVitrine>('/catalogue/selection'),
    staleTime: 60_000,
  });

/** The home's promotion block: the latest selection model (public; null when there is none). */
export function useSelection(enabled = true) {
  return useQuery({ ...selectionQueryOptions(), enabled });
}
