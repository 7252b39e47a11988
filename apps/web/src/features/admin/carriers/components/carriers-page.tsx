// 'Gérez vos transporteurs' (docs/contract/carriers.md): the carriers by position with their logo, the Etat
// checkbox and the move buttons (both persist at once), edit and delete; the 3-step form in a modal.
import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Image, Stack, Text } from '@mantine/core';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import type { Transporteur } from '@comptoir/shared/shipping/contract';
import { CARRIER_MESSAGES } from '@comptoir/shared/shipping/messages';
import { useCarriers } from '../../../../lib/resources/carriers';
import { AppModal } from '../../../../components/ui/app-modal';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table';
import { ArrowDownIcon, ArrowUpIcon, PencilIcon, TrashIcon } from '../../../../components/ui/icons';
import { PageHeader } from '../../../../components/ui/page-header';
import { showErrorToast, showSuccessToast } from '../../../../components/ui/toasts';
import { useDeleteCarrier } from '../api/delete-carrier';
import { useMoveCarrier } from '../api/move-carrier';
import { useSetCarrierActive } from '../api/set-carrier-active';
import { CARRIER_LABELS as L } from '../labels';
import { CarrierForm } from './carrier-form';

type FormState = { carrier: Transporteur | null; key: number } | null;

export function CarriersPage() {
  const carriers = useCarriers();
  const setActive = useSetCarrierActive();
  const move = useMoveCarrier();
  const remove = useDeleteCarrier();
  const [form, setForm] = useState<FormState>(null);
  const [toDelete, setToDelete] = useState<Transporteur | null>(null);
  const rows = carriers.data ?? [];
  const openForm = (carrier: Transporteur | null) => setForm({ carrier, key: Date.now() });

  const postFailed = () => showErrorToast(ERROR_TOASTS.postTransporteur);

  const columns: DataTableColumn<Transporteur>[] = [
    { key: 'name', header: L.columns.name, render: (c) => <Text fw={600}>{c.nom}</Text> },
    {
      key: 'logo',
      header: L.columns.logo,
      render: (c) =>
        c.logo ? (
          <Image src={c.logo} alt={L.logoAlt(c.nom)} h={32} w="auto" maw={120} fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            {L.noLogo}
          </Text>
        ),
    },
    { key: 'description', header: L.columns.description, render: (c) => c.description ?? '' },
    {
      key: 'active',
      header: L.columns.active,
      align: 'center',
      render: (c) => (
        <Checkbox
          aria-label={L.active(c.nom)}
          checked={c.etat}
          disabled={setActive.isPending && setActive.variables?.id === c.id}
          onChange={(event) =>
            setActive.mutate({ id: c.id, active: event.currentTarget.checked }, { onError: postFailed })
          }
          styles={{ body: { justifyContent: 'center' } }}
        />
      ),
    },
    { key: 'position', header: L.columns.position, align: 'center', render: (c) => c.position },
    {
      key: 'edit',
      header: L.columns.edit,
      align: 'center',
      render: (c) => (
        <ActionIcon variant="subtle" aria-label={L.edit(c.nom)} onClick={() => openForm(c)}>
          <PencilIcon />
        </ActionIcon>
      ),
    },
    {
      key: 'remove',
      header: L.columns.remove,
      align: 'center',
      render: (c) => (
        <ActionIcon
          variant="subtle"
          color="red.8"
          aria-label={L.remove(c.nom)}
          onClick={() => setToDelete(c)}
        >
          <TrashIcon />
        </ActionIcon>
      ),
    },
    {
      key: 'order',
      header: L.columns.order,
      align: 'center',
      nowrap: true,
      render: (c) => {
        const index = rows.indexOf(c);
        return (
          <Group gap={4} justify="center" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={L.moveUp(c.nom)}
              disabled={index === 0 || move.isPending}
              onClick={() => move.mutate({ id: c.id, direction: 'up' }, { onError: postFailed })}
            >
              <ArrowUpIcon />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={L.moveDown(c.nom)}
              disabled={index === rows.length - 1 || move.isPending}
              onClick={() => move.mutate({ id: c.id, direction: 'down' }, { onError: postFailed })}
            >
              <ArrowDownIcon />
            </ActionIcon>
          </Group>
        );
      },
    },
  ];

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: (answer) => {
        showSuccessToast(answer.message || CARRIER_MESSAGES.deleted);
        setToDelete(null);
      },
      onError: () => {
        showErrorToast(ERROR_TOASTS.deleteTransporteur);
        setToDelete(null);
      },
    });
  }

  return (
    <Stack gap="md">
      <PageHeader title={L.title} actions={<Button onClick={() => openForm(null)}>{L.add}</Button>} />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(c) => c.id}
        caption={L.caption}
        loading={carriers.isPending}
      />
      <AppModal
        title={form?.carrier ? L.form.editTitle(form.carrier.nom) : L.form.addTitle}
        opened={form !== null}
        onClose={() => setForm(null)}
      >
        {form ? <CarrierForm key={form.key} carrier={form.carrier} onClose={() => setForm(null)} /> : null}
      </AppModal>
      <ConfirmModal
        title={L.deleteTitle}
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
        confirmLabel={L.columns.remove}
        danger
        loading={remove.isPending}
      >
        {toDelete ? L.deleteQuestion(toDelete.nom) : ''}
      </ConfirmModal>
    </Stack>
  );
}
