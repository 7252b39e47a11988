// 'Ajouter une tranche': label, start (Kg for the 'poids' fee type, € otherwise), a Progressive checkbox
// revealing Interval. Checked with the shared schema before anything is sent (a negative start or
// interval keeps its sign and is refused as typed); the created band is handed back so that the fee
// form selects it.
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import { trancheBody, type Tranche, type TypeForfait } from '@comptoir/shared/shipping/contract';
import { TRANCHE_MESSAGES } from '@comptoir/shared/shipping/messages';
import { AppModal } from '../../../../components/ui/app-modal';
import { showErrorToast } from '../../../../components/ui/toasts';
import { useCreateBand } from '../api/bands';
import { bandUnit, FEE_LABELS } from '../labels';
import { negativeError } from './options';

const L = FEE_LABELS.band;
type Errors = Partial<Record<'libelle' | 'debut' | 'interval', string>>;

export interface BandModalProps {
  opened: boolean;
  feeType: TypeForfait | null | undefined;
  onClose: () => void;
  onCreated: (band: Tranche) => void;
}

export function BandModal({ opened, feeType, onClose, onCreated }: BandModalProps) {
  return (
    <AppModal title={L.title} opened={opened} onClose={onClose}>
      {/* Mounted only while open: every opening starts from an empty form. */}
      {opened ? <BandForm feeType={feeType} onClose={onClose} onCreated={onCreated} /> : null}
    </AppModal>
  );
}

function BandForm({ feeType, onClose, onCreated }: Omit<BandModalProps, 'opened'>) {
  const [label, setLabel] = useState('');
  const [start, setStart] = useState<number | string>('');
  const [progressive, setProgressive] = useState(false);
  const [interval, setIntervalValue] = useState<number | string>('');
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateBand();
  const unit = bandUnit(feeType);

  function submit(event: FormEvent) {
    event.preventDefault();
    // React bubbles events through portals: keep this submit from reaching a form around the modal.
    event.stopPropagation();
    const body = {
      libelle: label,
      debut: start === '' ? undefined : Number(start),
      unique: progressive,
      interval: progressive && interval !== '' ? Number(interval) : null,
    };
    const parsed = trancheBody.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'libelle' || field === 'debut' || field === 'interval') && !next[field])
          next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (band) => {
        onCreated(band);
        onClose();
      },
      onError: () => showErrorToast(ERROR_TOASTS.postTranche),
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={L.label}
          required
          value={label}
          onChange={(event) => setLabel(event.currentTarget.value)}
          error={errors.libelle}
          maxLength={100}
          data-autofocus
        />
        <NumberInput
          label={L.start(unit)}
          required
          value={start}
          onChange={setStart}
          error={negativeError(start, TRANCHE_MESSAGES.debutInvalid) ?? errors.debut}
          decimalSeparator=","
          decimalScale={3}
          hideControls
        />
        <Checkbox
          label={L.progressive}
          description={L.progressiveHelp}
          checked={progressive}
          onChange={(event) => setProgressive(event.currentTarget.checked)}
        />
        {progressive ? (
          <NumberInput
            label={L.interval(unit)}
            required
            value={interval}
            onChange={setIntervalValue}
            error={negativeError(interval, TRANCHE_MESSAGES.intervalRequired) ?? errors.interval}
            decimalSeparator=","
            decimalScale={3}
            hideControls
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            {L.cancel}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {L.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
