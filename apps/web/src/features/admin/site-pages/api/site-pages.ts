// The screen's calls: a page's Markdown and versions (GET /admin/pages/:page), its save (PUT, a new
// version), and the preview (POST /admin/pages/apercu), drawn and sanitised by the server.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  sitePageBody,
  type SitePage,
  type sitePageEdit,
  type sitePagePreview,
} from '@comptoir/shared/site-pages';
import { apiGet, apiSend, checkBody } from '../../../../lib/api';
import { showSuccessToast } from '../../../../components/ui/toasts';

const keyOf = (page: SitePage) => ['admin', 'pages', page] as const;

export const sitePageEditQueryOptions = (page: SitePage) =>
  queryOptions({
    queryKey: keyOf(page),
    queryFn: () => apiGet<typeof sitePageEdit>(`/admin/pages/${page}`),
    meta: { errorToast: true },
  });

export const useSitePageEdit = (page: SitePage) => useQuery(sitePageEditQueryOptions(page));

export function useSaveSitePage(page: SitePage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (markdown: string) =>
      apiSend<typeof sitePageEdit>('PUT', `/admin/pages/${page}`, checkBody(sitePageBody, { markdown })),
    onSuccess: (saved) => {
      queryClient.setQueryData(keyOf(page), saved);
      // The storefront's page shows the new text.
      void queryClient.invalidateQueries({ queryKey: ['pages', page] });
      if (saved.message) showSuccessToast(saved.message);
    },
  });
}

export function usePreviewSitePage() {
  return useMutation({
    mutationFn: (markdown: string) =>
      apiSend<typeof sitePagePreview>('POST', '/admin/pages/apercu', checkBody(sitePageBody, { markdown })),
  });
}
