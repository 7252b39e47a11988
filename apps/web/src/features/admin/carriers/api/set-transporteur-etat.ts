import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transporteur, transporteurEtatBody, type Transporteur } from '@comptoir/shared/shipping/contract';
import { apiSend } from '../../../../lib/api';
import { carriersQueryKey } from '../../../../lib/resources/carriers';

/** POST /service/transporteur/{id}/etat: activates or deactivates a carrier at once. */
export const setTransporteurEtat = ({ id, etat }: { id: number; etat: boolean }) =>
  apiSend('POST', `/service/transporteur/${id}/etat`, transporteurEtatBody, { etat }, transporteur);

export function useSetTransporteurEtat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTransporteurEtat,
    onSuccess: (saved) =>
      queryClient.setQueryData<Transporteur[]>(carriersQueryKey, (list) =>
        list?.map((carrier) => (carrier.id === saved.id ? saved : carrier)),
      ),
  });
}
