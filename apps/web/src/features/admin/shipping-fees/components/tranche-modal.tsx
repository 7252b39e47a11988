// 'Ajouter une tranche' (SPEC.md §2.3): label, start (Kg for the 'poids' fee type, € otherwise), a
// Progressive checkbox revealing Interval. Checked with the shared schema before anything is sent;
// the created tranche is handed back so that the fee form selects it.
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import { trancheBody, type Tranche, type TypeForfait } from '@comptoir/shared/shipping/contract';
import { AppModal } from '../../../../components/ui/app-modal';
import { showErrorToast } from '../../../../components/ui/toasts';
import { useCreateTranche } from '../api/tranches';
import { FEE_LABELS, trancheUnit } from '../labels';

const L = FEE_LABELS.tranche;
type Errors = Partial<Record<'libelle' | 'debut' | 'interval', string>>;

export interface TrancheModalProps {
  opened: boolean;
  typeForfait: TypeForfait | null | undefined;
  onClose: () => void;
  onCreated: (tranche: Tranche) => void;
}

export function TrancheModal({ opened, typeForfait, onClose, onCreated }: TrancheModalProps) {
  return (
    <AppModal title={L.title} opened={opened} onClose={onClose}>
      {/* Mounted only while open: every opening starts from an empty form. */}
      {opened ? <TrancheForm typeForfait={typeForfait} onClose={onClose} onCreated={onCreated} /> : null}
    </AppModal>
  );
}

function TrancheForm({ typeForfait, onClose, onCreated }: Omit<TrancheModalProps, 'opened'>) {
  const [libelle, setLibelle] = useState('');
  const [debut, setDebut] = useState<number | string>('');
  const [progressive, setProgressive] = useState(false);
  const [interval, setIntervalValue] = useState<number | string>('');
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateTranche();
  const unit = trancheUnit(typeForfait);

  function submit(event: FormEvent) {
    event.preventDefault();
    // React bubbles events through portals: keep this submit from reaching a form around the modal.
    event.stopPropagation();
    const body = {
      libelle,
      debut: debut === '' ? undefined : Number(debut),
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
      onSuccess: (tranche) => {
        onCreated(tranche);
        onClose();
      },
      onError: () => showErrorToast(ERROR_TOASTS.postTranche),
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={L.libelle}
          required
          value={libelle}
          onChange={(event) => setLibelle(event.currentTarget.value)}
          error={errors.libelle}
          maxLength={100}
          data-autofocus
        />
        <NumberInput
          label={L.debut(unit)}
          required
          value={debut}
          onChange={setDebut}
          error={errors.debut}
          min={0}
          allowNegative={false}
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
            error={errors.interval}
            min={0}
            allowNegative={false}
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
