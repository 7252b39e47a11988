// The import page's calls: the imports (running ones polled every second while any runs), one import's
// report, and the upload.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  importDetail,
  ImportList,
  importList,
  importUploadResponse,
} from '@comptoir/shared/imports/contract';
import { apiGet, apiUpload } from '../../../../lib/api';

export const importsQueryKey = ['admin', 'imports'] as const;
/** How often the page refreshes while an import runs (the progress bars). */
export const IMPORT_POLL_MS = 1000;

export const importsQueryOptions = (page: number, watching: boolean) =>
  queryOptions({
    queryKey: [...importsQueryKey, 'liste', page],
    queryFn: () => apiGet<typeof importList>('/admin/importation/imports', { page }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      watching || (query.state.data as ImportList | undefined)?.enCours.length ? IMPORT_POLL_MS : false,
    meta: { errorToast: true },
  });

/** The imports; `watching` keeps polling (a file just sent, not yet started). */
export function useImports(page: number, watching: boolean) {
  return useQuery(importsQueryOptions(page, watching));
}

export function useImportDetail(id: number | null) {
  return useQuery({
    queryKey: [...importsQueryKey, 'detail', id],
    queryFn: () => apiGet<typeof importDetail>(`/admin/importation/imports/${id}`),
    enabled: id !== null,
    meta: { errorToast: true },
  });
}

export const reportHref = (id: number) => `/admin/importation/imports/${id}/rapport`;

export function useUploadImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiUpload<typeof importUploadResponse>('/admin/importation/envoi', 'fichier', file),
    onSuccess: () => client.invalidateQueries({ queryKey: importsQueryKey }),
  });
}
