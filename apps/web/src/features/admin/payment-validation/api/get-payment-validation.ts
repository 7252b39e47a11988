import { queryOptions, useQuery } from '@tanstack/react-query';
import type { paymentValidation } from '@comptoir/shared/orders/contract';
import { apiGet } from '../../../../lib/api';

export const paymentValidationQueryKey = (numero: string) =>
  ['admin', 'commandes', 'reglement', numero] as const;

export const paymentValidationQueryOptions = (numero: string) =>
  queryOptions({
    queryKey: paymentValidationQueryKey(numero),
    queryFn: () => apiGet<typeof paymentValidation>('/admin/commandes/reglement', { id: numero }),
    // The payment may have been confirmed meanwhile (another administrator, another tab).
    staleTime: 0,
  });

/** The order numbered `numero` as the payment validation page shows it; the page shows a 404 itself. */
export function usePaymentValidation(numero: string) {
  return useQuery(paymentValidationQueryOptions(numero));
}
