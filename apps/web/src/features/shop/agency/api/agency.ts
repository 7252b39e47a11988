// The storefront's tariff agency: GET /rest/agence (current one, and the choices when the mode lets
// the visitor choose), POST /rest/agence (remembered for the browser session).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { agenceCourante, ChoixAgenceBody } from '@comptoir/shared/connection-settings';
import { apiGet, apiSend } from '../../../../lib/api';
import { meQueryKey } from '../../../../lib/query-client';

const agencyKey = ['rest', 'agence'] as const;

export const currentAgencyQueryOptions = () =>
  queryOptions({ queryKey: agencyKey, queryFn: () => apiGet<typeof agenceCourante>('/rest/agence') });

export function useCurrentAgency(enabled: boolean) {
  return useQuery({ ...currentAgencyQueryOptions(), enabled });
}

export function useChooseAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    // Not checked here (zod stays out of the first load): the code comes from the server's own list.
    mutationFn: (codeAgence: string) =>
      apiSend<typeof agenceCourante>('POST', '/rest/agence', { codeAgence } satisfies ChoixAgenceBody),
    onSuccess: (answer) => {
      queryClient.setQueryData(agencyKey, answer);
      // Stock is read at the new agency: every catalogue answer is read again.
      return queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== meQueryKey[0] && query.queryKey[0] !== agencyKey[0],
      });
    },
    meta: { errorToast: true },
  });
}
