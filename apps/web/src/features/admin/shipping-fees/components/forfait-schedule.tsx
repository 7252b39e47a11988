// The existing fees (SPEC.md §2.3): the default values (no agency) first, then agency by agency, each
// (zone, sales-plan family) group as a table of its tranches. Amount and franco are editable in euros;
// 'valider' appears once a row is edited and saves it; the delete icon asks first. Missing links show the
// SPEC.md §3 placeholders and amounts below 0 show as 0.
import { useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
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
import { TrashIcon } from '../../../../components/ui/icons';
import { showErrorToast, showSuccessToast } from '../../../../components/ui/toasts';
import { useDeleteForfait } from '../api/delete-forfait';
import { useSaveForfait } from '../api/save-forfait';
import { FEE_LABELS } from '../labels';
import { EURO_INPUT, trancheDescription } from './options';

const L = FEE_LABELS.schedule;

export function ForfaitSchedule({ typeForfait }: { typeForfait: TypeForfait | null | undefined }) {
  const schedule = useShippingFees();
  const remove = useDeleteForfait();
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
      const agence = forfaitLabels({ zone: null, categorie: null, agence: entry.agence }).agence!;
      return {
        key: entry.agence.code_agence,
        title: L.agence(entry.agence.libelle_agence ? `${agence} (${entry.agence.code_agence})` : agence),
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
                typeForfait={typeForfait}
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
  typeForfait,
  onDelete,
}: {
  section: string;
  group: ForfaitGroup;
  typeForfait: TypeForfait | null | undefined;
  onDelete: (forfait: Forfait) => void;
}) {
  const labels = forfaitLabels(group);
  const title = [L.zone(labels.zone), labels.categorie === null ? null : L.categorie(labels.categorie)]
    .filter(Boolean)
    .join(' — ');
  const C = L.columns;
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fw={650} mb="xs">
        {title}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table aria-label={`${section} — ${title}`} verticalSpacing={4} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{C.tranche}</Table.Th>
              <Table.Th scope="col">{C.debut}</Table.Th>
              <Table.Th scope="col">{C.montant}</Table.Th>
              <Table.Th scope="col">{C.franco}</Table.Th>
              <Table.Th scope="col">{C.actions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.forfaits.map((forfait) => (
              // Keyed by the saved values too: after a save the row starts again from them.
              <ForfaitRow
                key={`${forfait.id}|${forfait.montant}|${forfait.franco}`}
                forfait={forfait}
                typeForfait={typeForfait}
                onDelete={onDelete}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function ForfaitRow({
  forfait,
  typeForfait,
  onDelete,
}: {
  forfait: Forfait;
  typeForfait: TypeForfait | null | undefined;
  onDelete: (forfait: Forfait) => void;
}) {
  const initial = { montant: shownAmount(forfait.montant), franco: shownAmount(forfait.franco) };
  const [montant, setMontant] = useState<number | string>(initial.montant);
  const [franco, setFranco] = useState<number | string>(initial.franco);
  const save = useSaveForfait();
  const same = (value: number | string, saved: number) => value !== '' && Number(value) === saved;
  const edited = !same(montant, initial.montant) || !same(franco, initial.franco);
  const labels = forfaitLabels(forfait);

  function validate() {
    const body = {
      id: forfait.id,
      tranche: forfait.tranche ? { id: forfait.tranche.id } : undefined,
      montant: montant === '' ? undefined : Number(montant),
      franco: franco === '' ? null : Number(franco),
      zone: forfait.zone ? { id: forfait.zone.id } : null,
      categorie: forfait.categorie ? { code_famille: forfait.categorie.code_famille } : null,
      agence: forfait.agence ? { code_agence: forfait.agence.code_agence } : null,
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

  const amountInput = { ...EURO_INPUT, fixedDecimalScale: true, w: 120, size: 'xs' } as const;

  return (
    <Table.Tr>
      <Table.Td>{labels.tranche}</Table.Td>
      <Table.Td>
        {forfait.tranche
          ? trancheDescription(
              {
                debut: forfait.tranche.debut_tranche,
                unique: forfait.tranche.tranche_unique,
                interval: forfait.tranche.tranche_interval,
              },
              typeForfait,
            )
          : ''}
      </Table.Td>
      <Table.Td>
        <NumberInput
          {...amountInput}
          aria-label={L.montant(forfait.id)}
          value={montant}
          onChange={setMontant}
          onKeyDown={(event) => event.key === 'Enter' && edited && validate()}
        />
      </Table.Td>
      <Table.Td>
        <NumberInput
          {...amountInput}
          aria-label={L.franco(forfait.id)}
          value={franco}
          onChange={setFranco}
          onKeyDown={(event) => event.key === 'Enter' && edited && validate()}
        />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {edited ? (
            <Button
              variant="subtle"
              size="compact-sm"
              aria-label={L.validateLabel(forfait.id)}
              onClick={validate}
              loading={save.isPending}
            >
              {L.validate}
            </Button>
          ) : null}
          <ActionIcon
            variant="subtle"
            color="red.8"
            aria-label={L.remove(forfait.id)}
            onClick={() => onDelete(forfait)}
          >
            <TrashIcon />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
