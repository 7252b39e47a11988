import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { clientList } from '@comptoir/shared/reference';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import { apiGet } from '../../../../lib/api';

/** How many customers the picker offers at once. */
export const CLIENT_PICKER_LIMIT = 20;

export const clientsQueryOptions = (recherche: string) =>
  queryOptions({
    queryKey: ['service', 'clients', recherche],
    queryFn: () =>
      apiGet('/service/clients', clientList, {
        recherche: recherche || undefined,
        limit: CLIENT_PICKER_LIMIT,
      }),
    staleTime: 60_000,
    // The options on screen stay until the new ones arrive.
    placeholderData: keepPreviousData,
    meta: { errorToast: ERROR_TOASTS.clients },
  });

/** Customers whose code starts with, or whose name contains, `recherche` (GET /service/clients). */
export function useClientSearch(recherche: string) {
  return useQuery(clientsQueryOptions(recherche));
}
