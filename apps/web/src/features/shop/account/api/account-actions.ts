// The account's calls (docs/contract/customer-account.md): delivery addresses, reorder, quick order,
// password change. Each hook refreshes what its answer changes (the addresses, the cart).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addressBody,
  type AddressBody,
  type addressList,
  changePasswordBody,
  type ChangePasswordBody,
  type LinesAdded,
  type linesAdded,
  type messageAnswer,
  quickOrderBody,
  type QuickOrderBody,
  type resolvedQuickOrder,
} from '@comptoir/shared/account';
import type { DeliveryAddress } from '@comptoir/shared/cart';
import { apiGet, apiSend, checkBody } from '../../../../lib/api';
import { cartQueryKey } from '../../../../lib/cart';
import { accountQueryKey } from '../../../../lib/resources/account-orders';

const addressesKey = [...accountQueryKey, 'adresses'] as const;

export const addressesQueryOptions = () =>
  queryOptions({
    queryKey: addressesKey,
    queryFn: () => apiGet<typeof addressList>('/rest/compte/adresses'),
  });

export const useAddresses = () => useQuery(addressesQueryOptions());

/** The address list answered by a change: it replaces the cached one; the checkout's options follow. */
function useAddressChange<V>(send: (variables: V) => Promise<DeliveryAddress[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (list) => {
      queryClient.setQueryData(addressesKey, list);
      await queryClient.invalidateQueries({ queryKey: cartQueryKey });
    },
  });
}

/** POST /rest/compte/adresses, or PUT /rest/compte/adresses/:id with an id. */
export const useSaveAddress = () =>
  useAddressChange(({ id, body }: { id: number | null; body: AddressBody }) =>
    id === null
      ? apiSend<typeof addressList>('POST', '/rest/compte/adresses', checkBody(addressBody, body))
      : apiSend<typeof addressList>('PUT', `/rest/compte/adresses/${id}`, checkBody(addressBody, body)),
  );

/** DELETE /rest/compte/adresses/:id. */
export const useDeleteAddress = () =>
  useAddressChange((id: number) => apiSend<typeof addressList>('DELETE', `/rest/compte/adresses/${id}`));

/** What put lines in the cart answers the new cart: it replaces the cached one. */
function useLinesAdded<V>(send: (variables: V) => Promise<LinesAdded>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (answer) => {
      queryClient.setQueryData(cartQueryKey, answer.panier);
      await queryClient.invalidateQueries({
        queryKey: cartQueryKey,
        predicate: (q) => q.queryKey.length > 1,
      });
    },
  });
}

/** POST /rest/compte/mouvements/:id/recommander. */
export const useReorder = () =>
  useLinesAdded((orderId: number) =>
    apiSend<typeof linesAdded>('POST', `/rest/compte/mouvements/${orderId}/recommander`),
  );

/** POST /rest/compte/commande-rapide: every line into the cart. */
export const useAddQuickOrder = () =>
  useLinesAdded((body: QuickOrderBody) =>
    apiSend<typeof linesAdded>('POST', '/rest/compte/commande-rapide', checkBody(quickOrderBody, body)),
  );

/** POST /rest/compte/commande-rapide/verification: each line with its designation, price and stock. */
export const useResolveQuickOrder = () =>
  useMutation({
    mutationFn: (body: QuickOrderBody) =>
      apiSend<typeof resolvedQuickOrder>(
        'POST',
        '/rest/compte/commande-rapide/verification',
        checkBody(quickOrderBody, body),
      ),
  });

/** POST /rest/compte/mot-de-passe. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiSend<typeof messageAnswer>('POST', '/rest/compte/mot-de-passe', checkBody(changePasswordBody, body)),
  });
