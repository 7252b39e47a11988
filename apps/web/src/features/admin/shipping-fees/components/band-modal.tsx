// 'Ajouter une tranche': label, start (Kg for the 'poids' fee type, € otherwise), a Progressive checkbox
// revealing Interval. Start and interval are read by the shared number parser (a decimal comma or
// point; a negative keeps its sign and is refused as typed, a second separator or a letter too), then
// the body is checked with the shared schema before anything is sent; the created band is handed back
// so that the fee form selects it.
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import { trancheBody, type Tranche, type TypeForfait } from '@comptoir/shared/shipping/contract';
import { TRANCHE_MESSAGES } from '@comptoir/shared/shipping/messages';
import { MEASURE_MAX } from '@comptoir/shared/validation';
import { AppModal } from '../../../../components/ui/app-modal';
import { DecimalInput, readDecimal } from '../../../../components/ui/decimal-input';
import { showErrorToast } from '../../../../components/ui/toasts';
import { useCreateBand } from '../api/bands';
import { bandUnit, FEE_LABELS } from '../labels';

const L = FEE_LABELS.band;
type Errors = Partial<Record<'libelle' | 'debut' | 'interval', string>>;

/** A band's start or interval: kg to the gram, or euros; never below 0. */
const MEASURE_RULES = { maxDecimals: 3, max: MEASURE_MAX };
const START_MESSAGES = { negative: TRANCHE_MESSAGES.debutInvalid };
const INTERVAL_MESSAGES = { negative: TRANCHE_MESSAGES.intervalRequired };

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
  const [start, setStart] = useState('');
  const [progressive, setProgressive] = useState(false);
  const [interval, setIntervalValue] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateBand();
  const unit = bandUnit(feeType);

  function submit(event: FormEvent) {
    event.preventDefault();
    // React bubbles events through portals: keep this submit from reaching a form around the modal.
    event.stopPropagation();
    const startRead = readDecimal(start, MEASURE_RULES, { messages: START_MESSAGES });
    const intervalRead = readDecimal(interval, MEASURE_RULES, { messages: INTERVAL_MESSAGES });
    const body = {
      libelle: label,
      debut: startRead.value ?? undefined,
      unique: progressive,
      interval: progressive ? intervalRead.value : null,
    };
    const parsed = trancheBody.safeParse(body);
    // A typed start or interval that does not read says why, rather than the schema's 'obligatoire'.
    const unreadable: Errors = {
      ...(startRead.error ? { debut: startRead.error } : {}),
      ...(progressive && intervalRead.error ? { interval: intervalRead.error } : {}),
    };
    if (!parsed.success || Object.keys(unreadable).length > 0) {
      const next: Errors = { ...unreadable };
      for (const issue of parsed.success ? [] : parsed.error.issues) {
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
        <DecimalInput
          label={L.start(unit)}
          required
          value={start}
          onChange={({ text }) => setStart(text)}
          rules={MEASURE_RULES}
          messages={START_MESSAGES}
          error={errors.debut}
        />
        <Checkbox
          label={L.progressive}
          description={L.progressiveHelp}
          checked={progressive}
          onChange={(event) => setProgressive(event.currentTarget.checked)}
        />
        {progressive ? (
          <DecimalInput
            label={L.interval(unit)}
            required
            value={interval}
            onChange={({ text }) => setIntervalValue(text)}
            rules={MEASURE_RULES}
            messages={INTERVAL_MESSAGES}
            error={errors.interval}
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
