import { queryOptions, useQuery } from '@tanstack/react-query';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import { forfaitsTransportResponse } from '@comptoir/shared/shipping/contract';
import { apiGet } from '../../../../lib/api';
import { shippingKeys } from './keys';

/** GET /service/forfaitsTransport: the schedule, sans_agence apart, then by agency. */
export const forfaitsTransportQueryOptions = () =>
  queryOptions({
    queryKey: shippingKeys.forfaits,
    queryFn: () => apiGet('/service/forfaitsTransport', forfaitsTransportResponse),
    meta: { errorToast: ERROR_TOASTS.forfaitsTransport },
  });

export function useForfaitsTransport() {
  return useQuery(forfaitsTransportQueryOptions());
}
