import { queryOptions, useQuery } from '@tanstack/react-query';
import type { orderDocumentList } from '@comptoir/shared/documents';
import { apiGet } from '../../../../lib/api';

/** GET /rest/compte/mouvements/{id}/documents: the order's invoices and delivery notes. */
export const orderDocumentsQueryOptions = (id: number, codeClient: string | null) =>
  queryOptions({
    queryKey: ['compte', 'mouvements', id, 'documents', codeClient],
    queryFn: () =>
      apiGet<typeof orderDocumentList>(
        `/rest/compte/mouvements/${id}/documents`,
        codeClient ? { codeClient } : undefined,
      ),
  });

export function useOrderDocuments(id: number, codeClient: string | null) {
  return useQuery(orderDocumentsQueryOptions(id, codeClient));
}
