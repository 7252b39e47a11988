// The order's documents on its detail page (docs/contract/order-documents.md): the invoices and
// delivery notes the ERP sent, each downloaded as a PDF by a plain link.
import { ActionIcon, Alert, Title } from '@mantine/core';
import type { OrderDocument } from '@comptoir/shared/documents';
import { formatEurosOrDash } from '@comptoir/shared/format';
import { errorMessage } from '../../../../lib/api';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table';
import { AlertIcon, DownloadIcon } from '../../../../components/ui/icons';
import { useOrderDocuments } from '../api/get-order-documents';
import { ORDER_DETAIL_LABELS as T } from '../labels';

/** 'YYYY-MM-DD' → 'dd/mm/yyyy'. */
const frenchDay = (day: string) => day.split('-').reverse().join('/');

const COLUMNS: DataTableColumn<OrderDocument>[] = [
  { key: 'document', header: T.documentKind, render: (d) => d.libelle },
  { key: 'numero', header: T.documentNumber, nowrap: true, render: (d) => d.numero },
  { key: 'date', header: T.documentDate, nowrap: true, render: (d) => frenchDay(d.date) },
  {
    key: 'montant',
    header: T.montantTTC,
    align: 'right',
    nowrap: true,
    render: (d) => formatEurosOrDash(d.montant),
  },
  {
    key: 'pdf',
    header: T.documentPdf,
    align: 'center',
    render: (d) => (
      <ActionIcon
        component="a"
        href={d.lien}
        download
        variant="subtle"
        aria-label={T.downloadDocument(d.libelle, d.numero)}
      >
        <DownloadIcon />
      </ActionIcon>
    ),
  },
];

export function OrderDocuments({ id, codeClient }: { id: number; codeClient: string | null }) {
  const documents = useOrderDocuments(id, codeClient);
  return (
    <section aria-labelledby="order-documents" style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
      <Title order={2} fz="h4" mb="sm" id="order-documents">
        {T.documents}
      </Title>
      {documents.isError ? (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {errorMessage(documents.error)}
        </Alert>
      ) : (
        <DataTable
          caption={T.documents}
          cardsOnPhone
          columns={COLUMNS}
          rows={documents.data ?? []}
          rowKey={(d) => d.id}
          loading={documents.isPending}
          emptyText={T.noDocument}
          highlightOnHover={false}
        />
      )}
    </section>
  );
}
