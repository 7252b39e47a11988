import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type transporteur,
  transporteurBody,
  type TransporteurBodyInput,
} from '@comptoir/shared/shipping/contract';
import { apiSend, checkBody } from '../../../../lib/api';
import { carriersQueryKey } from '../../../../lib/resources/carriers';

/** POST /service/transporteur: creates (no id) or updates (id) a carrier. */
export const saveCarrier = (body: TransporteurBodyInput) =>
  apiSend<typeof transporteur>('POST', '/service/transporteur', checkBody(transporteurBody, body));

export function useSaveCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCarrier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carriersQueryKey }),
  });
}
