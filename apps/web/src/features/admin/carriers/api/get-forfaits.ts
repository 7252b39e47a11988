// The shipping fee packages a carrier can be linked to (form step 1): GET /service/forfaitsTransport,
// flattened in the order the fee screen shows them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import {
  forfaitsTransportResponse,
  type Forfait,
  type ForfaitsTransportResponse,
} from '@comptoir/shared/shipping/contract';
import { apiGet } from '../../../../lib/api';

/** The same key as the fee screen's: one cache for the schedule. */
export const forfaitsQueryKey = ['service', 'forfaitsTransport'] as const;

export const forfaitsQueryOptions = () =>
  queryOptions({
    queryKey: forfaitsQueryKey,
    queryFn: () => apiGet('/service/forfaitsTransport', forfaitsTransportResponse),
    meta: { errorToast: ERROR_TOASTS.forfaitsTransport },
  });

/** The forfaits without agency first, then agency by agency, each group by tranche. */
export function flattenForfaits(schedule: ForfaitsTransportResponse): Forfait[] {
  return [
    ...schedule.sans_agence.flatMap((group) => group.forfaits),
    ...schedule.agences.flatMap((agency) => agency.groupes.flatMap((group) => group.forfaits)),
  ];
}

export function useForfaitList() {
  return useQuery({ ...forfaitsQueryOptions(), select: flattenForfaits });
}
