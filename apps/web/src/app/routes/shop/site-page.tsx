import { useLocation } from '../../../lib/router';
import { SITE_PAGE_PATHS, SITE_PAGES } from '@comptoir/shared/site-pages-texts';
import { SitePageView } from '../../../features/shop/site-pages/components/site-page';

// One route module for the three legal pages (one chunk): the page is the one at this address.
export function Component() {
  const { pathname } = useLocation();
  const page = SITE_PAGES.find((code) => SITE_PAGE_PATHS[code] === pathname) ?? 'cgv';
  return <SitePageView key={page} page={page} />;
}
