// 'Liste des commandes' (docs/contract/orders.md): the search runs on load (first page, no filter) and on
// 'Rechercher' (the form hands the first page of its query to useOrderSearch); paging keeps the filters
// last searched. A failed search shows nothing (total 0) and toasts 'Error fetching commandes'; the info
// message is reset by every search.
import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { OrderListItem } from '@comptoir/shared/orders/contract';
import { ORDERS_PAGE_SIZE } from '@comptoir/shared/orders/contract';
import {
  ORDER_ACTION_LABELS,
  REEXPORT_CONFIRM,
  showAgencies,
  showOrderActions,
} from '@comptoir/shared/orders/labels';
import { useAgencies } from '../../../../lib/resources/agencies';
import { useOrderSearch } from '../../../../lib/resources/orders';
import { AppModal } from '../../../../components/ui/app-modal';
import { Pagination } from '../../../../components/ui/pagination';
import { useOrderSettings } from '../api/get-order-settings';
import { useReexportOrder } from '../api/reexport-order';
import { NO_FILTERS, OrderFilters, toOrderQuery } from './order-filters';
import { OrdersTable } from './orders-table';
import { ORDERS_LABELS } from '../labels';

const NOTHING: readonly OrderListItem[] = [];
const FIRST_SEARCH = toOrderQuery(NO_FILTERS, 0);

export function OrdersList() {
  const [message, setMessage] = useState<string | null>(null);
  const [toReexport, setToReexport] = useState<OrderListItem | null>(null);

  const agencies = useAgencies();
  const settings = useOrderSettings();
  const { orders, query, search } = useOrderSearch(FIRST_SEARCH, () => setMessage(null));
  const reexport = useReexportOrder();

  const showAgency = showAgencies(agencies.data?.length ?? 0);
  // Hidden until the setting is known, rather than shown and then taken away.
  const showActions = settings.data ? showOrderActions(settings.data.actions) : false;
  // A failed search shows an empty list, whatever an earlier page held.
  const rows = orders.isError ? NOTHING : (orders.data?.elements ?? NOTHING);
  const total = orders.isError ? 0 : (orders.data?.total ?? 0);

  const confirmReexport = () => {
    if (!toReexport) return;
    reexport.mutate(toReexport.id, {
      onSuccess: (answer) => setMessage(answer.message),
      onSettled: () => setToReexport(null),
    });
  };

  return (
    <Stack gap={0}>
      <OrderFilters
        agencies={agencies.data ?? []}
        showAgency={showAgency}
        searching={orders.isFetching}
        search={search}
      />
      <OrdersTable
        orders={rows}
        loading={orders.isFetching}
        showAgency={showAgency}
        showActions={showActions}
        message={message}
        onReexport={setToReexport}
      />
      <Pagination
        page={query.page}
        total={total}
        pageSize={ORDERS_PAGE_SIZE}
        disabled={orders.isFetching}
        onChange={(page) => search({ ...query, page })}
      />
      <AppModal
        title={ORDER_ACTION_LABELS.reexport}
        opened={toReexport !== null}
        onClose={() => !reexport.isPending && setToReexport(null)}
      >
        <Text>{REEXPORT_CONFIRM}</Text>
        {toReexport ? (
          <Text size="sm" c="dimmed" mt="xs">
            {toReexport.numero} — {toReexport.libelleClient}
          </Text>
        ) : null}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setToReexport(null)} disabled={reexport.isPending}>
            {ORDERS_LABELS.cancel}
          </Button>
          <Button onClick={confirmReexport} loading={reexport.isPending}>
            {ORDERS_LABELS.confirmReexport}
          </Button>
        </Group>
      </AppModal>
    </Stack>
  );
}
