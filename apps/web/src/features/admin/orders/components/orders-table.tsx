// The table of 'Liste des commandes' (docs/contract/orders.md): its columns, in order, with the Agence
// column only with more than one agency and the Actions column only when the orders-actions setting is '1'.
import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { formatDate, formatEuros, formatEurosOrDash, MISSING_AMOUNT } from '@comptoir/shared/format';
import type { OrderListItem } from '@comptoir/shared/orders/contract';
import {
  AMOUNT_LABELS,
  ORDER_COLUMN_TITLES,
  ORDER_LIST_TITLE,
  orderStatusLabel,
  paymentStatusLabel,
} from '@comptoir/shared/orders/labels';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table';
import { OrderActions } from './order-actions';

export interface OrdersTableProps {
  orders: readonly OrderListItem[];
  loading: boolean;
  showAgency: boolean;
  showActions: boolean;
  /** The info message area above the table. */
  message: ReactNode;
  onReexport: (order: OrderListItem) => void;
}

/** A main line and a smaller second line in one cell. */
function TwoLines({ main, detail }: { main: ReactNode; detail: ReactNode }) {
  return (
    <>
      <Text size="sm">{main}</Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </>
  );
}

export function orderColumns({
  showAgency,
  showActions,
  onReexport,
}: Pick<OrdersTableProps, 'showAgency' | 'showActions' | 'onReexport'>): DataTableColumn<OrderListItem>[] {
  const columns: (DataTableColumn<OrderListItem> | false)[] = [
    { key: 'date', header: ORDER_COLUMN_TITLES.date, nowrap: true, render: (o) => formatDate(o.date) },
    { key: 'webCdeId', header: ORDER_COLUMN_TITLES.webCdeId, render: (o) => o.webCdeId ?? '' },
    {
      key: 'reference',
      header: ORDER_COLUMN_TITLES.reference,
      render: (o) => <TwoLines main={o.refClient ?? MISSING_AMOUNT} detail={o.numero} />,
    },
    showAgency && {
      key: 'agence',
      header: ORDER_COLUMN_TITLES.agence,
      render: (o) => <TwoLines main={o.libelleAgence} detail={o.codeAgence} />,
    },
    {
      key: 'client',
      header: ORDER_COLUMN_TITLES.client,
      render: (o) => (
        <TwoLines
          main={`${o.libelleClient} (${o.codeClient})`}
          detail={`${o.libelleTypeClient} (${o.codeTypeClient})`}
        />
      ),
    },
    {
      key: 'montants',
      header: ORDER_COLUMN_TITLES.montants,
      align: 'right',
      nowrap: true,
      render: (o) => (
        <TwoLines
          main={`${AMOUNT_LABELS.ht} ${formatEuros(o.montantHT)}`}
          detail={`${AMOUNT_LABELS.ttc} ${formatEurosOrDash(o.montantTTC)}`}
        />
      ),
    },
    {
      key: 'paiement',
      header: ORDER_COLUMN_TITLES.paiement,
      render: (o) => (
        <TwoLines main={o.libelleModeReglement ?? MISSING_AMOUNT} detail={paymentStatusLabel(o.typePanier)} />
      ),
    },
    {
      key: 'statut',
      header: ORDER_COLUMN_TITLES.statut,
      render: (o) => orderStatusLabel(o.typeWebMouvement, o.etat, o.typePanier),
    },
    showActions && {
      key: 'actions',
      header: ORDER_COLUMN_TITLES.actions,
      render: (o) => <OrderActions order={o} onReexport={onReexport} />,
    },
  ];
  return columns.filter((column): column is DataTableColumn<OrderListItem> => column !== false);
}

export function OrdersTable({
  orders,
  loading,
  showAgency,
  showActions,
  message,
  onReexport,
}: OrdersTableProps) {
  return (
    <DataTable
      caption={ORDER_LIST_TITLE}
      columns={orderColumns({ showAgency, showActions, onReexport })}
      rows={orders}
      rowKey={(o) => o.id}
      loading={loading}
      message={message}
    />
  );
}
