import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type transporteurList,
  transporteurPositionBody,
  type TransporteurPositionBody,
} from '@comptoir/shared/shipping/contract';
import { apiSend, checkBody } from '../../../../lib/api';
import { carriersQueryKey } from '../../../../lib/resources/carriers';

/** POST /service/transporteur/{id}/position: swaps the carrier with its neighbour; answers the list. */
export const moveCarrier = ({
  id,
  direction,
}: {
  id: number;
  direction: TransporteurPositionBody['direction'];
}) =>
  apiSend<typeof transporteurList>(
    'POST',
    `/service/transporteur/${id}/position`,
    checkBody(transporteurPositionBody, { direction }),
  );

export function useMoveCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveCarrier,
    onSuccess: (list) => queryClient.setQueryData(carriersQueryKey, list),
  });
}
