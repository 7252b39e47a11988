// The history of the connection settings' changes: who, when, which field, the value before and after.
import { useState } from 'react';
import {
  AGENCY_MODE_LABELS,
  CONNECTION_FIELD_LABELS,
  type ConnectionField,
  type HistoriqueParametre,
} from '@comptoir/shared/connection-settings';
import { formatDate } from '@comptoir/shared/format';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table';
import { Pagination } from '../../../../components/ui/pagination';
import { HISTORY_PAGE_SIZE, useSettingsHistory } from '../api/connection-settings';
import { CONNECTION_SETTINGS_LABELS as L } from '../labels';

const FLAG_FIELDS = new Set<string>([
  'allowAnonymousAccess',
  'allowAnonymousCommande',
  'showAnonymousPrices',
  'allowParAccount',
  'allowProAccount',
  'anonymousAccount',
  'activateEncoursChecking',
  'blockOfflinePayment',
  'blockOnEncoursError',
]);

/** A value as the administrator reads it: Oui/Non for a switch, a mode's label, codes as they are. */
export function historyValueText(field: string, value: HistoriqueParametre['ancienneValeur']): string {
  if (value === null) return L.none;
  if (Array.isArray(value)) return value.length === 0 ? L.none : value.join(', ');
  if (FLAG_FIELDS.has(field)) return value === '1' ? L.yes : L.no;
  if (field === 'modeSelectionAgence')
    return AGENCY_MODE_LABELS[value as keyof typeof AGENCY_MODE_LABELS] ?? value;
  return value;
}

const columns: DataTableColumn<HistoriqueParametre>[] = [
  { key: 'date', header: L.columns.date, render: (row) => formatDate(row.date), nowrap: true },
  { key: 'login', header: L.columns.login, render: (row) => row.login },
  {
    key: 'field',
    header: L.columns.field,
    render: (row) => CONNECTION_FIELD_LABELS[row.champ as ConnectionField] ?? row.champ,
  },
  {
    key: 'before',
    header: L.columns.before,
    render: (row) => historyValueText(row.champ, row.ancienneValeur),
  },
  { key: 'after', header: L.columns.after, render: (row) => historyValueText(row.champ, row.nouvelleValeur) },
];

export function SettingsHistory() {
  const [page, setPage] = useState(0);
  const query = useSettingsHistory(page);
  return (
    <>
      <DataTable
        caption={L.historyCaption}
        columns={columns}
        rows={query.data?.elements ?? []}
        rowKey={(row) => row.id}
        loading={query.isPending}
      />
      <Pagination
        page={page}
        total={query.data?.total ?? 0}
        pageSize={HISTORY_PAGE_SIZE}
        onChange={setPage}
        disabled={query.isPlaceholderData}
      />
    </>
  );
}
