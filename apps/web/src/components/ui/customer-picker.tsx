// The back office's customer filter: a searchable picker over GET /service/clients, each customer
// shown as 'Name (CODE)', 'Aucun client correspondant à votre recherche' when none matches.
import { useState } from 'react';
import { EMPTY_TEXTS } from '@comptoir/shared/messages';
import { useCustomerSearch } from '../../lib/resources/customers';
import { SearchablePicker, type SearchablePickerProps } from './searchable-picker';

export type CustomerPickerProps = Omit<
  SearchablePickerProps,
  'options' | 'onSearch' | 'loading' | 'nothingFound'
>;

export function CustomerPicker(props: CustomerPickerProps) {
  const [search, setSearch] = useState('');
  const customers = useCustomerSearch(search);
  const options = (customers.data ?? []).map((c) => ({ value: c.code, label: `${c.libelle} (${c.code})` }));
  return (
    <SearchablePicker
      {...props}
      options={options}
      onSearch={setSearch}
      loading={customers.isFetching}
      nothingFound={EMPTY_TEXTS.client}
    />
  );
}
