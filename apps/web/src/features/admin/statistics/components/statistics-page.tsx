// The statistics page (docs/contract/statistics.md): once the agencies and customer types are
// loaded, the last 30 days by day are searched; the filter form, the quick periods, the CSV link,
// then 'Tableau de données' and 'Graphique' (hidden while every figure is zero).
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { formatIsoDay } from '@comptoir/shared/format';
import {
  defaultPeriod,
  quickPeriod,
  statisticsQuery,
  type QuickPeriod,
  type StatisticsQuery,
} from '@comptoir/shared/statistics';
import { useAgencies } from '../../../../lib/resources/agencies';
import { statisticsCsvHref, useCustomerTypes, useStatistics } from '../api/get-statistics';
import { STATISTICS_LABELS } from '../labels';
import { CollapsiblePanel } from './collapsible-panel';
import { StatisticsChart } from './statistics-chart';
import { StatisticsFilters, type FilterErrors, type StatisticsFilterValues } from './statistics-filters';
import { StatisticsTable } from './statistics-table';

const frenchDay = (day: string) => day.split('-').reverse().join('/');

export function StatisticsPage() {
  const [today] = useState(() => formatIsoDay(new Date()));
  const agencies = useAgencies();
  const customerTypes = useCustomerTypes();
  const [values, setValues] = useState<StatisticsFilterValues>(() => ({
    agencies: [],
    customer: null,
    customerType: null,
    ...defaultPeriod(today),
  }));
  const [errors, setErrors] = useState<FilterErrors>({});
  const [query, setQuery] = useState<StatisticsQuery | null>(null);
  const statistics = useStatistics(query);
  const agencyList = agencies.data ?? [];
  const manyAgencies = agencyList.length > 1;

  const search = (filters: StatisticsFilterValues) => {
    const checked = statisticsQuery.safeParse({
      'agences[]': manyAgencies ? filters.agencies : [],
      client: filters.customer?.value,
      typeClient: filters.customerType ?? undefined,
      dateDebut: filters.dateDebut,
      dateFin: filters.dateFin,
      echelle: filters.echelle,
    });
    if (!checked.success) {
      const found: FilterErrors = {};
      for (const issue of checked.error.issues)
        found[String(issue.path[0]) as keyof FilterErrors] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setQuery(checked.data);
  };

  // The first search, once the lists have settled: every agency, the last 30 days by day (state
  // set during render, React's documented way to react to a change without an effect).
  const listsSettled = !agencies.isPending && !customerTypes.isPending;
  const [started, setStarted] = useState(false);
  if (listsSettled && !started) {
    setStarted(true);
    const first = { ...values, agencies: agencyList.map((a) => a.code_agence) };
    setValues(first);
    search(first);
  }

  const onQuickPeriod = (key: QuickPeriod) => {
    const next = { ...values, ...quickPeriod(key, today) };
    setValues(next);
    search(next);
  };

  const rows = statistics.data ?? [];
  const hasData = rows.some((r) => r.connexions || r.commandes || r.premiereco || r.ca);
  const period = query ? STATISTICS_LABELS.period(frenchDay(query.dateDebut), frenchDay(query.dateFin)) : '';

  return (
    <>
      <StatisticsFilters
        values={values}
        onChange={(next) => {
          setValues(next);
          setErrors({});
        }}
        errors={errors}
        agencies={agencyList}
        customerTypes={customerTypes.data ?? []}
        fetching={statistics.isFetching}
        onSubmit={() => search(values)}
        onQuickPeriod={onQuickPeriod}
      />
      {query ? (
        <Group justify="flex-end" mb="sm">
          <Button component="a" href={statisticsCsvHref(query)} variant="default" size="sm">
            {STATISTICS_LABELS.csv}
          </Button>
        </Group>
      ) : null}
      <CollapsiblePanel title={STATISTICS_LABELS.table}>
        <StatisticsTable rows={rows} loading={statistics.isFetching} />
      </CollapsiblePanel>
      {hasData ? (
        <CollapsiblePanel title={STATISTICS_LABELS.chart}>
          <StatisticsChart rows={rows} period={period} />
        </CollapsiblePanel>
      ) : null}
    </>
  );
}
