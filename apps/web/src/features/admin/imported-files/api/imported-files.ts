// The calls of the imported-files page: the list (GET /admin/fichierimportation/fetch), and the GETs
// that requeue or delete a file; the download is a plain link (navigation).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  deleteImportedFileResponse,
  fichierImportation,
  importedFilesResponse,
} from '@comptoir/shared/imported-files';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import { apiGet } from '../../../../lib/api';

const BASE = '/admin/fichierimportation';
const fileUrl = (action: 'rename' | 'delete' | 'download', name: string) =>
  `${BASE}/${action}/${encodeURIComponent(name)}`;

/** The link that downloads a file. */
export const downloadHref = (name: string) => fileUrl('download', name);

export const importedFilesQueryKey = ['admin', 'fichierimportation'] as const;

export const importedFilesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...importedFilesQueryKey, page],
    queryFn: () => apiGet<typeof importedFilesResponse>(`${BASE}/fetch`, { page }),
    // The pipeline renames files at any moment: always ask again.
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { errorToast: ERROR_TOASTS.fichiersImportation },
  });

export function useImportedFiles(page: number) {
  return useQuery(importedFilesQueryOptions(page));
}

function useFileAction<T>(call: (name: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: importedFilesQueryKey }),
  });
}

/** Puts an imported or refused file back in the queue; answers the file under its new name. */
export const useRequeueFile = () =>
  useFileAction((name: string) => apiGet<typeof fichierImportation>(fileUrl('rename', name)));

export const useDeleteFile = () =>
  useFileAction((name: string) => apiGet<typeof deleteImportedFileResponse>(fileUrl('delete', name)));
