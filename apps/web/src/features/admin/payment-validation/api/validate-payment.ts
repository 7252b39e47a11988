import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentValidationBody, type paymentValidationResult } from '@comptoir/shared/orders/contract';
import { apiSend, checkBody } from '../../../../lib/api';
import { paths } from '../../../../config/paths';
import { ordersChanged } from '../../../../lib/resources/orders';
import { paymentValidationQueryKey } from './get-payment-validation';

/** Confirms that the payment of the order numbered `numero` was received. */
export function validatePayment(numero: string) {
  return apiSend<typeof paymentValidationResult>(
    'POST',
    paths.admin.paymentValidation.getHref(),
    checkBody(paymentValidationBody, { numero }),
  );
}

/**
 * The page's confirmation: the answer holds the order as it now stands. Its payment status changes in
 * the orders list too, in this tab and in the list's own (ordersChanged). On a refusal (409: confirmed meanwhile) the API's message is toasted and the
 * order reloaded.
 */
export function useValidatePayment(numero: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => validatePayment(numero),
    meta: { errorToast: true },
    onSuccess: (result) => {
      queryClient.setQueryData(paymentValidationQueryKey(numero), result.commande);
      ordersChanged(queryClient);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: paymentValidationQueryKey(numero) }),
  });
}
