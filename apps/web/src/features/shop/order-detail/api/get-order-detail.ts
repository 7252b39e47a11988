import { useQuery } from '@tanstack/react-query';
import { orderDetailQueryOptions } from '../../../../lib/resources/account-orders';

/** The order detail; an order the user may not see answers 404, which the page shows itself. */
export function useOrderDetail(id: number, codeClient: string | null) {
  return useQuery(orderDetailQueryOptions(id, codeClient));
}
