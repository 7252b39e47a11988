// The fee type (poids or montant) with 'Changer de type de forfait de transport', and — once a type is
// set — 'Supprimer l'ensemble des forfaits existants' behind 'Supprimer tous les forfaits de transport'.
import { useState } from 'react';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { FEE_TYPES } from '@comptoir/shared/domain';
import type { TypeForfait } from '@comptoir/shared/shipping/contract';
import { FEE_MESSAGES } from '@comptoir/shared/shipping/messages';
import { errorMessage } from '../../../../lib/api';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import { showErrorToast, showSuccessToast } from '../../../../components/ui/toasts';
import { useSetFeeType } from '../api/fee-type';
import { useResetShippingFees } from '../api/reset-shipping-fees';
import { FEE_LABELS, FEE_TYPE_LABELS } from '../labels';

const L = FEE_LABELS.type;

export function FeeTypePanel({ feeType }: { feeType: TypeForfait | null | undefined }) {
  const [changing, setChanging] = useState(false);
  const [choice, setChoice] = useState<TypeForfait | null>(null);
  const [resetting, setResetting] = useState(false);
  const setType = useSetFeeType();
  const reset = useResetShippingFees();

  const openChange = () => {
    setChoice(feeType ?? null);
    setChanging(true);
  };

  function confirmChange() {
    if (!choice) return;
    setType.mutate(choice, {
      onSuccess: () => setChanging(false),
      onError: (error) => showErrorToast(errorMessage(error)),
    });
  }

  function confirmReset() {
    reset.mutate(undefined, {
      onSuccess: (answer) => showSuccessToast(answer.message || FEE_MESSAGES.resetDone),
      onError: (error) => showErrorToast(errorMessage(error)),
      onSettled: () => setResetting(false),
    });
  }

  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="md">
      <Text>
        {feeType === undefined ? null : feeType === null ? (
          FEE_MESSAGES.typeNotSet
        ) : (
          <>
            {L.current} <strong>{FEE_TYPE_LABELS[feeType]}</strong>
          </>
        )}
      </Text>
      <Group gap="sm">
        <Button variant="default" onClick={openChange} disabled={feeType === undefined}>
          {L.change}
        </Button>
        {feeType ? (
          <Button color="red.8" variant="outline" onClick={() => setResetting(true)}>
            {L.reset}
          </Button>
        ) : null}
      </Group>

      <ConfirmModal
        title={L.changeTitle}
        opened={changing}
        onClose={() => setChanging(false)}
        onConfirm={confirmChange}
        confirmLabel={L.confirm}
        loading={setType.isPending}
        confirmDisabled={!choice}
      >
        <Stack gap="md">
          <Radio.Group label={L.choice} value={choice} onChange={(value) => setChoice(value as TypeForfait)}>
            <Stack gap="xs" mt="xs">
              {FEE_TYPES.map((type) => (
                <Radio key={type} value={type} label={FEE_TYPE_LABELS[type]} />
              ))}
            </Stack>
          </Radio.Group>
          <Text size="sm">{L.changeWarning}</Text>
        </Stack>
      </ConfirmModal>

      <ConfirmModal
        title={L.resetTitle}
        opened={resetting}
        onClose={() => setResetting(false)}
        onConfirm={confirmReset}
        confirmLabel={L.resetConfirm}
        danger
        loading={reset.isPending}
      >
        {L.resetWarning}
      </ConfirmModal>
    </Group>
  );
}
