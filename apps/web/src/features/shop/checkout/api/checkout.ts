import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { visitorAddressBody, type VisitorAddressBody } from '@comptoir/shared/visitor-checkout';
import {
  type checkoutOptions,
  type deliveryAddress,
  type placedOrder,
  placeOrderBody,
  type PlaceOrderBody,
} from '@comptoir/shared/cart';
import { apiGet, apiSend, checkBody } from '../../../../lib/api';
import { cartQueryKey } from '../../../../lib/cart';
import { accountQueryKey } from '../../../../lib/resources/account-orders';

export const checkoutOptionsQueryOptions = (addressId: number | null) =>
  queryOptions({
    queryKey: [...cartQueryKey, 'livraison', addressId],
    queryFn: () => apiGet<typeof checkoutOptions>('/rest/panier/livraison', { adresseId: addressId }),
    // Fees depend on the schedule and carriers of the moment.
    staleTime: 0,
  });

/** GET /rest/panier/livraison: addresses, carriers with their fee for the address (the default one when null). */
export function useCheckoutOptions(addressId: number | null) {
  return useQuery({ ...checkoutOptionsQueryOptions(addressId), placeholderData: keepPreviousData });
}

/** POST /rest/panier/commande; the cart is then empty and the account has one more order. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceOrderBody) =>
      apiSend<typeof placedOrder>('POST', '/rest/panier/commande', checkBody(placeOrderBody, body)),
    // Not awaited: the page moves on to the order at once instead of showing the emptied cart first.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      void queryClient.invalidateQueries({ queryKey: accountQueryKey });
    },
  });
}

/** POST /rest/panier/adresses: a visitor's delivery address, kept with its cart session. */
export function useAddVisitorAddress() {
  return useMutation({
    mutationFn: (body: VisitorAddressBody) =>
      apiSend<typeof deliveryAddress>('POST', '/rest/panier/adresses', checkBody(visitorAddressBody, body)),
  });
}
