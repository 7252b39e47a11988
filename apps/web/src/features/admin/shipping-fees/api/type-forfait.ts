import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import {
  setTypeForfaitBody,
  typeForfaitResponse,
  type TypeForfait,
} from '@comptoir/shared/shipping/contract';
import { apiGet, apiSend } from '../../../../lib/api';
import { carriersQueryKey } from '../../../../lib/resources/carriers';
import { shippingFeesQueryKey } from '../../../../lib/resources/shipping-fees';
import { shippingKeys } from './keys';

/** GET /service/typeForfaitTransport: 'poids', 'montant' or null. */
export const typeForfaitQueryOptions = () =>
  queryOptions({
    queryKey: shippingKeys.typeForfait,
    queryFn: () => apiGet('/service/typeForfaitTransport', typeForfaitResponse),
    meta: { errorToast: ERROR_TOASTS.typeForfait },
  });

export function useTypeForfait() {
  return useQuery({ ...typeForfaitQueryOptions(), select: (answer) => answer.typeForfait });
}

/** POST /service/setTypeForfaitTransport: the server drops the forfaits of the other type. */
export const setTypeForfait = (typeForfait: TypeForfait) =>
  apiSend(
    'POST',
    '/service/setTypeForfaitTransport',
    setTypeForfaitBody,
    { typeForfait },
    typeForfaitResponse,
  );

export function useSetTypeForfait() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTypeForfait,
    onSuccess: (answer) => {
      queryClient.setQueryData(shippingKeys.typeForfait, answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: shippingFeesQueryKey }),
        queryClient.invalidateQueries({ queryKey: shippingKeys.tranches }),
        queryClient.invalidateQueries({ queryKey: carriersQueryKey }),
      ]);
    },
  });
}
