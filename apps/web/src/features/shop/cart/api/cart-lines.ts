import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cart, updateCartLineBody, type Cart, type UpdateCartLineBody } from '@comptoir/shared/cart';
import { apiSend } from '../../../../lib/api';
import { cartQueryKey } from '../../../../lib/cart';

/**
 * PATCH /rest/panier/lignes/:id { quantite } (or { decoupe } for a line cut to size): the answer is the new
 * cart. The caller shows failures.
 */
export function useUpdateCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & UpdateCartLineBody): Promise<Cart> =>
      apiSend('PATCH', `/rest/panier/lignes/${id}`, updateCartLineBody, body, cart),
    onSuccess: (updated) => queryClient.setQueryData(cartQueryKey, updated),
  });
}

/** DELETE /rest/panier/lignes/:id; the tag lists depend on the lines, so everything under 'panier' refreshes. */
export function useRemoveCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<Cart> =>
      apiSend('DELETE', `/rest/panier/lignes/${id}`, null, undefined, cart),
    onSuccess: async (updated) => {
      queryClient.setQueryData(cartQueryKey, updated);
      await queryClient.invalidateQueries({
        queryKey: cartQueryKey,
        predicate: (q) => q.queryKey.length > 1,
      });
    },
  });
}
