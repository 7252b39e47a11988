import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import {
  setTypeForfaitBody,
  type TypeForfait,
  type typeForfaitResponse,
} from '@comptoir/shared/shipping/contract';
import { apiGet, apiSend, checkBody } from '../../../../lib/api';
import { carriersQueryKey } from '../../../../lib/resources/carriers';
import { shippingFeesQueryKey } from '../../../../lib/resources/shipping-fees';
import { shippingKeys } from './keys';

/** GET /service/typeForfaitTransport: 'poids', 'montant' or null. */
export const feeTypeQueryOptions = () =>
  queryOptions({
    queryKey: shippingKeys.feeType,
    queryFn: () => apiGet<typeof typeForfaitResponse>('/service/typeForfaitTransport'),
    meta: { errorToast: ERROR_TOASTS.typeForfait },
  });

export function useFeeType() {
  return useQuery({ ...feeTypeQueryOptions(), select: (answer) => answer.typeForfait });
}

/** POST /service/setTypeForfaitTransport: the server drops the fees of the other type. */
export const setFeeType = (feeType: TypeForfait) =>
  apiSend<typeof typeForfaitResponse>(
    'POST',
    '/service/setTypeForfaitTransport',
    checkBody(setTypeForfaitBody, { typeForfait: feeType }),
  );

export function useSetFeeType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFeeType,
    onSuccess: (answer) => {
      queryClient.setQueryData(shippingKeys.feeType, answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: shippingFeesQueryKey }),
        queryClient.invalidateQueries({ queryKey: shippingKeys.bands }),
        queryClient.invalidateQueries({ queryKey: carriersQueryKey }),
      ]);
    },
  });
}
