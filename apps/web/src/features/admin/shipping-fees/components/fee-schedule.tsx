// The existing fees: the default values (no agency) first, then agency by agency, each (zone, sales-plan
// family) group as a table of its bands. Amount and franco are editable in euros; 'valider' appears once
// a row is edited and saves it; the delete icon asks first. Missing links show the contract's
// placeholders (docs/contract/shipping-fees.md) and saved amounts below 0 show as 0; amounts are read
// by the shared number parser, and a negative, unreadable or too large one typed in a row is refused
// under its field, never saved. On a phone each band is a card (the UI kit's
// TableFrame), its fields and buttons in reach without scrolling sideways.
import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { EMPTY_TEXTS, ERROR_TOASTS, LOADING_TEXT } from '@comptoir/shared/messages';
import {
  forfaitBody,
  forfaitBodyMessage,
  type Forfait,
  type ForfaitGroup,
  type TypeForfait,
} from '@comptoir/shared/shipping/contract';
import { FEE_MESSAGES } from '@comptoir/shared/shipping/messages';
import { forfaitLabels, shownAmount } from '@comptoir/shared/shipping/schedule';
import { errorMessage } from '../../../../lib/api';
import { useShippingFees } from '../../../../lib/resources/shipping-fees';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import { TableFrame } from '../../../../components/ui/data-table';
import { DecimalInput, readDecimal } from '../../../../components/ui/decimal-input';
import { TrashIcon } from '../../../../components/ui/icons';
import { showErrorToast, showSuccessToast } from '../../../../components/ui/toasts';
import { useDeleteShippingFee } from '../api/delete-shipping-fee';
import { useSaveShippingFee } from '../api/save-shipping-fee';
import { FEE_LABELS } from '../labels';
import { AMOUNT_FIELD, amountText, bandDescription, feeFieldError, FRANCO_FIELD } from './options';

const L = FEE_LABELS.schedule;

export function FeeSchedule({ feeType }: { feeType: TypeForfait | null | undefined }) {
  const schedule = useShippingFees();
  const remove = useDeleteShippingFee();
  const [toDelete, setToDelete] = useState<Forfait | null>(null);

  if (schedule.isPending) return <Text role="status">{LOADING_TEXT}</Text>;
  const data = schedule.data ?? { sans_agence: [], agences: [] };
  if (data.sans_agence.length === 0 && data.agences.length === 0)
    return <Text c="dimmed">{EMPTY_TEXTS.forfait}</Text>;

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: (answer) => showSuccessToast(answer.message || FEE_MESSAGES.deleted),
      onError: () => showErrorToast(ERROR_TOASTS.deleteForfaitTransport),
      onSettled: () => setToDelete(null),
    });
  }

  const sections = [
    ...(data.sans_agence.length > 0 ? [{ key: '', title: L.defaults, groups: data.sans_agence }] : []),
    ...data.agences.map((entry) => {
      const agency = forfaitLabels({ zone: null, categorie: null, agence: entry.agence }).agence!;
      return {
        key: entry.agence.code_agence,
        title: L.agency(entry.agence.libelle_agence ? `${agency} (${entry.agence.code_agence})` : agency),
        groups: entry.groupes,
      };
    }),
  ];

  return (
    <Stack gap="xl">
      {sections.map((section) => (
        <section key={section.key} aria-label={section.title}>
          <Title order={3} fz="h4" mb="sm">
            {section.title}
          </Title>
          <Stack gap="md">
            {section.groups.map((group) => (
              <GroupTable
                key={`${group.zone?.id ?? ''}|${group.categorie?.code_famille ?? ''}`}
                section={section.title}
                group={group}
                feeType={feeType}
                onDelete={setToDelete}
              />
            ))}
          </Stack>
        </section>
      ))}
      <ConfirmModal
        title={L.removeTitle}
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
        confirmLabel={L.removeConfirm}
        danger
        loading={remove.isPending}
      >
        {toDelete ? L.removeQuestion(toDelete.id, forfaitLabels(toDelete).tranche) : ''}
      </ConfirmModal>
    </Stack>
  );
}

function GroupTable({
  section,
  group,
  feeType,
  onDelete,
}: {
  section: string;
  group: ForfaitGroup;
  feeType: TypeForfait | null | undefined;
  onDelete: (fee: Forfait) => void;
}) {
  const labels = forfaitLabels(group);
  const title = [L.zone(labels.zone), labels.categorie === null ? null : L.family(labels.categorie)]
    .filter(Boolean)
    .join(' — ');
  const C = L.columns;
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fw={650} mb="xs">
        {title}
      </Text>
      <TableFrame caption={`${section} — ${title}`} minWidth={560} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{C.band}</Table.Th>
            <Table.Th scope="col">{C.start}</Table.Th>
            <Table.Th scope="col">{C.amount}</Table.Th>
            <Table.Th scope="col">{C.franco}</Table.Th>
            <Table.Th scope="col">{C.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {group.forfaits.map((fee) => (
            // Keyed by the saved values too: after a save the row starts again from them.
            <FeeRow
              key={`${fee.id}|${fee.montant}|${fee.franco}`}
              fee={fee}
              feeType={feeType}
              onDelete={onDelete}
            />
          ))}
        </Table.Tbody>
      </TableFrame>
    </Paper>
  );
}

function FeeRow({
  fee,
  feeType,
  onDelete,
}: {
  fee: Forfait;
  feeType: TypeForfait | null | undefined;
  onDelete: (fee: Forfait) => void;
}) {
  const initial = { amount: shownAmount(fee.montant), franco: shownAmount(fee.franco) };
  const [amount, setAmount] = useState(() => amountText(initial.amount));
  const [franco, setFranco] = useState(() => amountText(initial.franco));
  const save = useSaveShippingFee();
  const amountRead = readDecimal(amount, AMOUNT_FIELD.rules, { messages: AMOUNT_FIELD.messages });
  const francoRead = readDecimal(franco, FRANCO_FIELD.rules, { messages: FRANCO_FIELD.messages });
  const edited = amountRead.value !== initial.amount || francoRead.value !== initial.franco;
  const labels = forfaitLabels(fee);

  function validate() {
    const unreadable = amountRead.error
      ? feeFieldError('montant', amountRead.error)
      : francoRead.error
        ? feeFieldError('franco', francoRead.error)
        : null;
    if (unreadable) {
      showErrorToast(unreadable);
      return;
    }
    const body = {
      id: fee.id,
      tranche: fee.tranche ? { id: fee.tranche.id } : undefined,
      montant: amountRead.value ?? undefined,
      franco: francoRead.value,
      zone: fee.zone ? { id: fee.zone.id } : null,
      categorie: fee.categorie ? { code_famille: fee.categorie.code_famille } : null,
      agence: fee.agence ? { code_agence: fee.agence.code_agence } : null,
    };
    const parsed = forfaitBody.safeParse(body);
    if (!parsed.success) {
      showErrorToast(forfaitBodyMessage(parsed.error.issues));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => showSuccessToast(FEE_LABELS.form.saved),
      onError: (error) => showErrorToast(errorMessage(error)),
    });
  }

  const amountInput = { w: 120, size: 'xs' } as const;
  const C = L.columns;

  return (
    <Table.Tr>
      <Table.Td>{labels.tranche}</Table.Td>
      <Table.Td data-label={C.start}>
        {fee.tranche
          ? bandDescription(
              {
                debut: fee.tranche.debut_tranche,
                unique: fee.tranche.tranche_unique,
                interval: fee.tranche.tranche_interval,
              },
              feeType,
            )
          : ''}
      </Table.Td>
      <Table.Td data-label={C.amount}>
        <DecimalInput
          {...amountInput}
          {...AMOUNT_FIELD}
          aria-label={L.amount(fee.id)}
          value={amount}
          onChange={({ text }) => setAmount(text)}
          onKeyDown={(event) => event.key === 'Enter' && edited && validate()}
        />
      </Table.Td>
      <Table.Td data-label={C.franco}>
        <DecimalInput
          {...amountInput}
          {...FRANCO_FIELD}
          aria-label={L.franco(fee.id)}
          value={franco}
          onChange={({ text }) => setFranco(text)}
          onKeyDown={(event) => event.key === 'Enter' && edited && validate()}
        />
      </Table.Td>
      <Table.Td data-label={C.actions}>
        <Group gap="xs" wrap="nowrap">
          {edited ? (
            <Button
              variant="subtle"
              size="compact-sm"
              aria-label={L.validateLabel(fee.id)}
              onClick={validate}
              loading={save.isPending}
            >
              {L.validate}
            </Button>
          ) : null}
          <ActionIcon
            variant="subtle"
            color="red.8"
            aria-label={L.remove(fee.id)}
            onClick={() => onDelete(fee)}
          >
            <TrashIcon />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
