import { queryOptions, useQuery } from '@tanstack/react-query';
import { transporteurList } from '@comptoir/shared/shipping/contract';
import { apiGet } from '../../../../lib/api';

export const TRANSPORTEURS_PATH = '/service/transporteurs';
export const transporteursQueryKey = ['service', 'transporteurs'] as const;

/** GET /service/transporteurs: every carrier, by position. */
export const transporteursQueryOptions = () =>
  queryOptions({
    queryKey: transporteursQueryKey,
    queryFn: () => apiGet(TRANSPORTEURS_PATH, transporteurList),
    meta: { errorToast: true },
  });

export function useTransporteurs() {
  return useQuery(transporteursQueryOptions());
}
