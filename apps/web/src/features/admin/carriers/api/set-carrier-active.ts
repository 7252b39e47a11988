import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Transporteur,
  type transporteur,
  transporteurEtatBody,
} from '@comptoir/shared/shipping/contract';
import { apiSend, checkBody } from '../../../../lib/api';
import { carriersQueryKey } from '../../../../lib/resources/carriers';

/** POST /service/transporteur/{id}/etat: activates or deactivates a carrier at once. */
export const setCarrierActive = ({ id, active }: { id: number; active: boolean }) =>
  apiSend<typeof transporteur>(
    'POST',
    `/service/transporteur/${id}/etat`,
    checkBody(transporteurEtatBody, { etat: active }),
  );

export function useSetCarrierActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCarrierActive,
    onSuccess: (saved) =>
      queryClient.setQueryData<Transporteur[]>(carriersQueryKey, (list) =>
        list?.map((carrier) => (carrier.id === saved.id ? saved : carrier)),
      ),
  });
}
