import { PageHeader } from '../../../components/ui/page-header';
import { SitePagesPage } from '../../../features/admin/site-pages/components/site-pages-page';
import { SITE_PAGES_LABELS } from '../../../features/admin/site-pages/labels';

export function Component() {
  return (
    <>
      <PageHeader title={SITE_PAGES_LABELS.title} subtitle={SITE_PAGES_LABELS.subtitle} />
      <SitePagesPage />
    </>
  );
}
