import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transporteur, transporteurEtatBody, type Transporteur } from '@comptoir/shared/shipping/contract';
import { apiSend } from '../../../../lib/api';
import { carriersQueryKey } from '../../../../lib/resources/carriers';

/** POST /service/transporteur/{id}/etat: activates or deactivates a carrier at once. */
export const setCarrierActive = ({ id, active }: { id: number; active: boolean }) =>
  apiSend('POST', `/service/transporteur/${id}/etat`, transporteurEtatBody, { etat: active }, transporteur);

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
