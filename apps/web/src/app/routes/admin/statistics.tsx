import { PageHeader } from '../../../components/ui/page-header';
import { StatisticsPage } from '../../../features/admin/statistics/components/statistics-page';
import { STATISTICS_LABELS } from '../../../features/admin/statistics/labels';

export function Component() {
  return (
    <>
      <PageHeader title={STATISTICS_LABELS.title} />
      <StatisticsPage />
    </>
  );
}
