import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse } from '@comptoir/shared/shipping/contract';
import { apiSend } from '../../../../lib/api';
import { carriersQueryKey } from '../../../../lib/resources/carriers';

/** DELETE /service/transporteur/{id}: answers 'Transporteur supprimé'. */
export const deleteCarrier = (id: number) =>
  apiSend('DELETE', `/service/transporteur/${id}`, null, undefined, messageResponse);

export function useDeleteCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCarrier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carriersQueryKey }),
  });
}
