// The filter form of the statistics page (docs/contract/statistics.md): agencies (a multi-select that
// keeps at least one agency, hidden when there is only one), customer (searched on the server),
// customer type, the two required dates and the scale; the eight quick periods; 'Valider'. The form
// is controlled by the page, which runs the searches.
import type { FormEvent } from 'react';
import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { EMPTY_TEXTS } from '@comptoir/shared/messages';
import type { Agence, ValLib } from '@comptoir/shared/reference';
import {
  QUICK_PERIOD_LABELS,
  QUICK_PERIODS,
  SCALE_LABELS,
  STATISTICS_SCALES,
  type Echelle,
  type QuickPeriod,
} from '@comptoir/shared/statistics';
import { CustomerPicker } from '../../../../components/ui/customer-picker';
import type { PickerOption } from '../../../../components/ui/searchable-picker';
import { STATISTICS_LABELS } from '../labels';

export interface StatisticsFilterValues {
  agencies: string[];
  customer: PickerOption | null;
  customerType: string | null;
  dateDebut: string;
  dateFin: string;
  echelle: Echelle;
}

export type FilterErrors = Partial<Record<'dateDebut' | 'dateFin' | 'echelle' | 'agences[]', string>>;

export interface StatisticsFiltersProps {
  values: StatisticsFilterValues;
  onChange: (values: StatisticsFilterValues) => void;
  errors: FilterErrors;
  agencies: readonly Agence[];
  customerTypes: readonly ValLib[];
  fetching: boolean;
  onSubmit: () => void;
  onQuickPeriod: (key: QuickPeriod) => void;
}

export function StatisticsFilters({
  values,
  onChange,
  errors,
  agencies,
  customerTypes,
  fetching,
  onSubmit,
  onQuickPeriod,
}: StatisticsFiltersProps) {
  const set = <K extends keyof StatisticsFilterValues>(key: K, value: StatisticsFilterValues[K]) =>
    onChange({ ...values, [key]: value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit} aria-label={STATISTICS_LABELS.filtersLabel} noValidate>
      <Group align="flex-start" gap="md" mb="sm" wrap="wrap">
        {agencies.length > 1 ? (
          <MultiSelect
            label={STATISTICS_LABELS.agencies}
            data={agencies.map((a) => ({ value: a.code_agence, label: a.libelle_agence }))}
            value={values.agencies}
            // The list always keeps one agency: removing the last one is refused.
            onChange={(codes) => (codes.length > 0 ? set('agencies', codes) : undefined)}
            searchable
            nothingFoundMessage={EMPTY_TEXTS.agence}
            error={errors['agences[]']}
            w={320}
          />
        ) : null}
        <CustomerPicker
          label={STATISTICS_LABELS.customer}
          placeholder={STATISTICS_LABELS.customerPlaceholder}
          value={values.customer}
          onChange={(option) => set('customer', option)}
          w={260}
        />
        <Select
          label={STATISTICS_LABELS.customerType}
          placeholder={STATISTICS_LABELS.customerTypePlaceholder}
          data={customerTypes.map((t) => ({ value: t.VAL, label: t.LIB }))}
          value={values.customerType}
          onChange={(value) => set('customerType', value)}
          clearable
          w={200}
        />
        <TextInput
          type="date"
          required
          label={STATISTICS_LABELS.dateDebut}
          value={values.dateDebut}
          onChange={(event) => set('dateDebut', event.currentTarget.value)}
          error={errors.dateDebut}
          w={160}
        />
        <TextInput
          type="date"
          required
          label={STATISTICS_LABELS.dateFin}
          value={values.dateFin}
          onChange={(event) => set('dateFin', event.currentTarget.value)}
          error={errors.dateFin}
          w={160}
        />
        <Select
          label={STATISTICS_LABELS.scale}
          data={STATISTICS_SCALES.map((s) => ({ value: s, label: SCALE_LABELS[s] }))}
          value={values.echelle}
          onChange={(value) => (value ? set('echelle', value as Echelle) : undefined)}
          allowDeselect={false}
          error={errors.echelle}
          w={130}
        />
        {/* Aligned with the inputs, below their labels. */}
        <Button type="submit" loading={false} disabled={fetching} mt={25}>
          {fetching ? STATISTICS_LABELS.fetching : STATISTICS_LABELS.submit}
        </Button>
      </Group>
      <Group gap="xs" mb="md" role="group" aria-label={STATISTICS_LABELS.quickPeriods}>
        {QUICK_PERIODS.map((key) => (
          <Button key={key} variant="light" size="xs" disabled={fetching} onClick={() => onQuickPeriod(key)}>
            {QUICK_PERIOD_LABELS[key]}
          </Button>
        ))}
      </Group>
    </form>
  );
}
