import { queryOptions } from '@tanstack/react-query';
import type { simpleMenu } from '@comptoir/shared/menu';
import { apiGet } from '../../../../lib/api';

/** The direct sub-families of `code` (public; the menu's own call, GET /simplemenu/{code}). */
export const subCategoriesQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['catalogue', 'sous-categories', code],
    queryFn: () => apiGet<typeof simpleMenu>(`/simplemenu/${encodeURIComponent(code)}`),
    staleTime: 5 * 60_000,
  });
