import { SitePageView } from '../../../features/shop/site-pages/components/site-page';

export function Component() {
  return <SitePageView page="cgv" />;
}
