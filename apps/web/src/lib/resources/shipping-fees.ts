// The shipping fee schedule (GET /service/forfaitsTransport): the fee screen shows and edits it, the
// carrier form links a carrier to one of its fees. One cache for both.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import type { forfaitsTransportResponse } from '@comptoir/shared/shipping/contract';
import { apiGet } from '../api';

export const shippingFeesQueryKey = ['service', 'forfaitsTransport'] as const;

/** The schedule: the fees without agency apart, then agency by agency. */
export const shippingFeesQueryOptions = () =>
  queryOptions({
    queryKey: shippingFeesQueryKey,
    queryFn: () => apiGet<typeof forfaitsTransportResponse>('/service/forfaitsTransport'),
    meta: { errorToast: ERROR_TOASTS.forfaitsTransport },
  });

export function useShippingFees() {
  return useQuery(shippingFeesQueryOptions());
}
