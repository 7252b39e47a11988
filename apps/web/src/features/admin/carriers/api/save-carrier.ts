import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  transporteur,
  transporteurBody,
  type TransporteurBodyInput,
} from '@comptoir/shared/shipping/contract';
import { apiSend } from '../../../../lib/api';
import { carriersQueryKey } from '../../../../lib/resources/carriers';

/** POST /service/transporteur: creates (no id) or updates (id) a carrier. */
export const saveCarrier = (body: TransporteurBodyInput) =>
  apiSend('POST', '/service/transporteur', transporteurBody, body, transporteur);

export function useSaveCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCarrier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carriersQueryKey }),
  });
}
