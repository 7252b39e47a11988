// The customer's delivery addresses (/compte/adresses): each as a card (readable on a phone) with its
// zone, the default first; add, edit, delete. The zone comes from the postal code, on the server.
import { useState, type FormEvent } from 'react';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { addressBody } from '@comptoir/shared/account';
import type { DeliveryAddress } from '@comptoir/shared/cart';
import { errorMessage } from '../../../../lib/api';
import { useFields } from '../../../../lib/use-fields';
import { AddressFields } from '../../../../components/ui/address-fields';
import { AppModal } from '../../../../components/ui/app-modal';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import { FailureAlert } from '../../../../components/ui/failure-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { showErrorToast, showSuccessToast } from '../../../../components/ui/toasts';
import { useAddresses, useDeleteAddress, useSaveAddress } from '../api/account-actions';
import { ADDRESS_PAGE_LABELS as L, ACCOUNT_LABELS } from '../labels';
import { AccountNav } from './account-nav';

function AddressForm({ address, onDone }: { address: DeliveryAddress | null; onDone: () => void }) {
  const { fields, bind, check } = useFields({
    libelle: address?.libelle ?? '',
    ligne1: address?.ligne1 ?? '',
    ligne2: address?.ligne2 ?? '',
    codePostal: address?.codePostal ?? '',
    ville: address?.ville ?? '',
  });
  const [isDefault, setIsDefault] = useState(address?.parDefaut ?? false);
  const save = useSaveAddress();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = check(addressBody, {
      libelle: fields.libelle ?? '',
      ligne1: fields.ligne1 ?? '',
      ligne2: fields.ligne2 || undefined,
      codePostal: fields.codePostal ?? '',
      ville: fields.ville ?? '',
      parDefaut: isDefault,
    });
    if (body)
      save.mutate(
        { id: address?.id ?? null, body },
        {
          onSuccess: () => {
            showSuccessToast(L.saved);
            onDone();
          },
        },
      );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={address ? L.formEdit : L.formAdd}>
      <Stack gap="sm">
        {save.isError ? <FailureAlert error={save.error} /> : null}
        <TextInput label={L.label} required data-autofocus {...bind('libelle')} />
        <AddressFields bind={bind} />
        <Checkbox
          label={L.isDefault}
          checked={isDefault}
          onChange={(event) => setIsDefault(event.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {L.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {L.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AddressCard({
  address,
  onEdit,
  onDelete,
}: {
  address: DeliveryAddress;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={address.libelle}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700}>{address.libelle}</Text>
          {address.parDefaut ? (
            <Badge variant="filled" color="green.9">
              {L.defaultBadge}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">{address.ligne1}</Text>
        {address.ligne2 ? <Text size="sm">{address.ligne2}</Text> : null}
        <Text size="sm">
          {address.codePostal} {address.ville}
        </Text>
        <Text size="sm" c="dimmed">
          {L.zone(address.zone)}
        </Text>
        <Group gap="sm" mt="xs">
          <Button size="xs" variant="light" onClick={onEdit} aria-label={L.editOf(address.libelle)}>
            {L.edit}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={onDelete}
            aria-label={L.removeOf(address.libelle)}
          >
            {L.remove}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function AddressesPage() {
  const addresses = useAddresses();
  const remove = useDeleteAddress();
  /** The address in the form: 'new', one being edited, or none (form closed). */
  const [editing, setEditing] = useState<DeliveryAddress | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DeliveryAddress | null>(null);

  return (
    <>
      <PageHeader
        title={ACCOUNT_LABELS.title}
        actions={<Button onClick={() => setEditing('new')}>{L.add}</Button>}
      />
      <AccountNav />
      <Text component="h2" fw={700} fz="h3" mb="sm">
        {L.title}
      </Text>
      {addresses.isError ? <FailureAlert error={addresses.error} /> : null}
      {addresses.isPending ? (
        <Skeleton h={120} />
      ) : addresses.data?.length === 0 ? (
        <Text>{L.empty}</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {addresses.data?.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              onEdit={() => setEditing(address)}
              onDelete={() => setDeleting(address)}
            />
          ))}
        </SimpleGrid>
      )}
      <AppModal
        title={editing === 'new' ? L.formAdd : L.formEdit}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      >
        {editing !== null ? (
          <AddressForm
            key={editing === 'new' ? 'new' : editing.id}
            address={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </AppModal>
      <ConfirmModal
        title={L.removeTitle}
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        danger
        confirmLabel={L.remove}
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showSuccessToast(L.deleted);
              setDeleting(null);
            },
            onError: (error) => showErrorToast(errorMessage(error)),
          })
        }
      >
        {deleting ? L.removeQuestion(deleting.libelle) : ''}
      </ConfirmModal>
    </>
  );
}
