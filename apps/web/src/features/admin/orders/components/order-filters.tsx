// The filters of 'Liste des commandes' (docs/contract/orders.md): exact reference (with a clear button),
// customer (searched on the server), date range, agency (only with more than one agency). Submitting checks
// the query with the shared orderQuery schema first: an invalid range is shown on its field, not sent;
// a valid one goes to the orders query itself (useOrderSearch's search, lib/resources/orders.ts).
import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import { EMPTY_TEXTS } from '@comptoir/shared/messages';
import { orderQuery, ORDERS_PAGE_SIZE, type OrderQuery } from '@comptoir/shared/orders/contract';
import { ORDER_FILTER_LABELS } from '@comptoir/shared/orders/labels';
import type { Agence } from '@comptoir/shared/reference';
import type { OrderSearch } from '../../../../lib/resources/orders';
import { CustomerPicker } from '../../../../components/ui/customer-picker';
import { SearchablePicker, type PickerOption } from '../../../../components/ui/searchable-picker';
import { CloseIcon } from '../../../../components/ui/icons';
import { ORDERS_LABELS } from '../labels';

export interface OrderFilterValues {
  reference: string;
  customer: PickerOption | null;
  /** YYYY-MM-DD or ''. */
  dateFrom: string;
  /** YYYY-MM-DD or ''. */
  dateTo: string;
  agency: PickerOption | null;
}

export const NO_FILTERS: OrderFilterValues = {
  reference: '',
  customer: null,
  dateFrom: '',
  dateTo: '',
  agency: null,
};

/** The query of GET /admin/commandes/fetch for these filters and this 0-based page. */
export function toOrderQuery(filters: OrderFilterValues, page: number): OrderQuery {
  return {
    page,
    size: ORDERS_PAGE_SIZE,
    dateDebut: filters.dateFrom || undefined,
    dateFin: filters.dateTo || undefined,
    codeClient: filters.customer?.value,
    codeAgence: filters.agency?.value,
    reference: filters.reference.trim() || undefined,
  };
}

type FieldErrors = Partial<
  Record<'reference' | 'dateDebut' | 'dateFin' | 'codeClient' | 'codeAgence', string>
>;

export interface OrderFiltersProps {
  /** The agencies; the agency picker shows only when `showAgency`. */
  agencies: readonly Agence[];
  showAgency: boolean;
  /** A search is running: 'Rechercher' is disabled. */
  searching: boolean;
  /** The orders list's search (useOrderSearch): the first page of the filters' query. */
  search: OrderSearch['search'];
}

export function OrderFilters({ agencies, showAgency, searching, search }: OrderFiltersProps) {
  const [values, setValues] = useState<OrderFilterValues>(NO_FILTERS);
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = <K extends keyof OrderFilterValues>(key: K, value: OrderFilterValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = toOrderQuery(values, 0);
    const checked = orderQuery.safeParse(query);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]) as keyof FieldErrors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    search(query);
  };

  const agencyOptions = agencies.map((a) => ({ value: a.code_agence, label: a.libelle_agence }));

  return (
    <form onSubmit={submit} aria-label={ORDERS_LABELS.filtersLabel} noValidate>
      <Group align="flex-start" gap="md" mb="md" wrap="wrap">
        <TextInput
          label={ORDER_FILTER_LABELS.reference}
          value={values.reference}
          onChange={(event) => set('reference', event.currentTarget.value)}
          error={errors.reference}
          w={170}
          rightSectionPointerEvents="all"
          rightSection={
            values.reference ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={ORDER_FILTER_LABELS.clearReference}
                title={ORDER_FILTER_LABELS.clearReference}
                onClick={() => set('reference', '')}
              >
                <CloseIcon />
              </ActionIcon>
            ) : null
          }
        />
        <CustomerPicker
          label={ORDER_FILTER_LABELS.client}
          placeholder={ORDERS_LABELS.customerPlaceholder}
          value={values.customer}
          onChange={(option) => set('customer', option)}
          error={errors.codeClient}
          w={260}
        />
        <TextInput
          type="date"
          label={ORDER_FILTER_LABELS.dateDebut}
          value={values.dateFrom}
          onChange={(event) => set('dateFrom', event.currentTarget.value)}
          error={errors.dateDebut}
          w={150}
        />
        <TextInput
          type="date"
          label={ORDER_FILTER_LABELS.dateFin}
          value={values.dateTo}
          onChange={(event) => set('dateTo', event.currentTarget.value)}
          error={errors.dateFin}
          w={150}
        />
        {showAgency ? (
          <SearchablePicker
            label={ORDER_FILTER_LABELS.agence}
            placeholder={ORDERS_LABELS.agencyPlaceholder}
            options={agencyOptions}
            value={values.agency}
            onChange={(option) => set('agency', option)}
            nothingFound={EMPTY_TEXTS.agence}
            error={errors.codeAgence}
            w={200}
          />
        ) : null}
        {/* Aligned with the inputs, below their labels. */}
        <Button type="submit" disabled={searching} mt={25}>
          {ORDER_FILTER_LABELS.search}
        </Button>
      </Group>
    </form>
  );
}
