import { queryOptions, useQuery } from '@tanstack/react-query';
import type { sitePage } from '@comptoir/shared/site-pages';
import type { SitePage } from '@comptoir/shared/site-pages-texts';
import { apiGet } from '../../../../lib/api';

export const sitePageQueryKey = (page: SitePage) => ['pages', page] as const;

export const sitePageQueryOptions = (page: SitePage) =>
  queryOptions({
    queryKey: sitePageQueryKey(page),
    queryFn: () => apiGet<typeof sitePage>(`/rest/pages/${page}`),
  });

/** GET /rest/pages/:page: the page's text as sanitised HTML (the contact page, with the agencies). */
export const useSitePage = (page: SitePage) => useQuery(sitePageQueryOptions(page));
