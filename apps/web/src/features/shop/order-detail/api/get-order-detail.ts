import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDetail } from '@comptoir/shared/orders/contract';
import { apiGet } from '../../../../lib/api';

export const orderDetailQueryOptions = (id: number, codeClient: string | null) =>
  queryOptions({
    queryKey: ['compte', 'mouvements', id, codeClient],
    queryFn: () =>
      apiGet(`/rest/compte/mouvements/${id}`, orderDetail, { codeClient: codeClient || undefined }),
    // Statuses come back from the ERP: a page opened again shows the current one.
    staleTime: 0,
  });

/**
 * The order detail (GET /rest/compte/mouvements/{id}): any order for an administrator, its own for a
 * customer; otherwise 404, which the page shows itself.
 */
export function useOrderDetail(id: number, codeClient: string | null) {
  return useQuery(orderDetailQueryOptions(id, codeClient));
}
