import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { accountOrderList } from '@comptoir/shared/orders/contract';
import { apiGet } from '../../../../lib/api';

export const accountOrdersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['compte', 'mouvements', 'liste', page],
    queryFn: () => apiGet('/rest/compte/mouvements', accountOrderList, { page }),
    // Statuses come back from the ERP: the page shows the current ones.
    staleTime: 0,
  });

/** GET /rest/compte/mouvements?page= (0-based): the customer's orders, newest first. */
export function useAccountOrders(page: number) {
  return useQuery({ ...accountOrdersQueryOptions(page), placeholderData: keepPreviousData });
}
