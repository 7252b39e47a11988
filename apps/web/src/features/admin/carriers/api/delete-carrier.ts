import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { messageResponse } from '@comptoir/shared/shipping/contract';
import { apiSend } from '../../../../lib/api';
import { carriersQueryKey } from '../../../../lib/resources/carriers';

/** DELETE /service/transporteur/{id}: answers 'Transporteur supprimé'. */
export const deleteCarrier = (id: number) =>
  apiSend<typeof messageResponse>('DELETE', `/service/transporteur/${id}`);

export function useDeleteCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCarrier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carriersQueryKey }),
  });
}
