// The customer's account (/compte): its orders, newest first, each opening its detail page.
import { useState } from 'react';
import { Link } from '../../../../lib/router';
import { Alert, Anchor, Box, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatEuros, formatEurosOrDash, MISSING_AMOUNT } from '@comptoir/shared/format';
import { ORDERS_PAGE_SIZE, type AccountOrderItem } from '@comptoir/shared/orders/contract';
import { errorMessage } from '../../../../lib/api';
import { paths } from '../../../../config/paths';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table';
import { AlertIcon } from '../../../../components/ui/icons';
import { PageHeader } from '../../../../components/ui/page-header';
import { EncoursSummary } from '../../../../components/ui/encours-summary';
import { Pagination } from '../../../../components/ui/pagination';
import { useAccountOrders } from '../api/get-account-orders';
import { AccountNav } from './account-nav';
import { ReorderButton } from './reorder-button';
import { ACCOUNT_LABELS } from '../labels';

const columns: DataTableColumn<AccountOrderItem>[] = [
  {
    key: 'numero',
    header: ACCOUNT_LABELS.numero,
    render: (order) => (
      <Anchor
        component={Link}
        to={paths.shop.orderDetail.getHref(order.id)}
        aria-label={ACCOUNT_LABELS.orderLink(order.numero)}
      >
        {order.numero}
      </Anchor>
    ),
    nowrap: true,
  },
  { key: 'date', header: ACCOUNT_LABELS.date, render: (order) => formatDate(order.date), nowrap: true },
  { key: 'ref', header: ACCOUNT_LABELS.reference, render: (order) => order.refClient ?? MISSING_AMOUNT },
  {
    key: 'ht',
    header: ACCOUNT_LABELS.amountHT,
    render: (order) => formatEuros(order.montantHT),
    align: 'right',
    nowrap: true,
  },
  {
    key: 'ttc',
    header: ACCOUNT_LABELS.amountTTC,
    render: (order) => formatEurosOrDash(order.montantTTC),
    align: 'right',
    nowrap: true,
  },
  { key: 'statut', header: ACCOUNT_LABELS.status, render: (order) => order.libelleStatut },
  {
    key: 'reglement',
    header: ACCOUNT_LABELS.payment,
    render: (order) => (
      <Stack gap={0}>
        <Text size="sm">{order.libelleModeReglement ?? MISSING_AMOUNT}</Text>
        <Text size="xs" c="dimmed">
          {order.libelleStatutPaiement}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'actions',
    header: ACCOUNT_LABELS.actions,
    render: (order) => <ReorderButton orderId={order.id} numero={order.numero} />,
    nowrap: true,
  },
];

export function AccountPage() {
  const [page, setPage] = useState(0);
  const orders = useAccountOrders(page);
  return (
    <>
      <PageHeader title={ACCOUNT_LABELS.title} />
      <AccountNav />
      <Box mb="lg">
        <EncoursSummary />
      </Box>
      <Title order={2} fz="h3" mb="sm">
        {ACCOUNT_LABELS.orders}
      </Title>
      {orders.isError ? (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {errorMessage(orders.error)}
        </Alert>
      ) : (
        <Stack gap="md">
          <DataTable
            columns={columns}
            rows={orders.data?.elements ?? []}
            rowKey={(order) => order.id}
            caption={ACCOUNT_LABELS.caption}
            cardsOnPhone
            loading={orders.isPending}
            emptyText={ACCOUNT_LABELS.empty}
          />
          <Pagination
            page={page}
            total={orders.data?.total ?? 0}
            pageSize={ORDERS_PAGE_SIZE}
            onChange={setPage}
            disabled={orders.isFetching}
          />
        </Stack>
      )}
    </>
  );
}
