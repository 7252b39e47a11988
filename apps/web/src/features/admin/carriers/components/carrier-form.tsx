// The carrier form (docs/contract/carriers.md) in 3 steps: 0 name, description, logo, tracking URL;
// 1 one shipping fee (or none); 2 the parameters and options. Suivant moves on (Ajouter on the last step),
// Annuler closes and forgets the draft. An invalid carrier (no name) is refused with
// 'Transporteur invalide' before anything is sent, each wrong field saying what is wrong with it (the
// shared schema's messages) until it is edited.
import { useRef, useState, type FormEvent } from 'react';
import { Button, Group, Stack, Stepper } from '@mantine/core';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import { transporteurBody, type Transporteur } from '@comptoir/shared/shipping/contract';
import { CARRIER_MESSAGES } from '@comptoir/shared/shipping/messages';
import { ApiError, errorMessage } from '../../../../lib/api';
import { showErrorToast } from '../../../../components/ui/toasts';
import { useSaveCarrier } from '../api/save-carrier';
import { useUploadLogo } from '../api/upload-logo';
import { CARRIER_LABELS } from '../labels';
import {
  bodyOf,
  draftOf,
  isFormField,
  type CarrierDraft,
  type FieldErrors,
  type FormField,
} from './carrier-draft';
import { ShippingFeeStep } from './carrier-fee-step';
import { IdentityStep } from './carrier-identity-step';
import { OfferStep } from './carrier-offer-step';

const L = CARRIER_LABELS.form;
export const CARRIER_FORM_STEPS = 3;
const LAST_STEP = CARRIER_FORM_STEPS - 1;

export interface CarrierFormProps {
  /** The carrier to edit, or null to add one. */
  carrier: Transporteur | null;
  /** Called after Annuler and after a successful save. */
  onClose: () => void;
}

export function CarrierForm({ carrier, onClose }: CarrierFormProps) {
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState(() => draftOf(carrier));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveCarrier();
  const upload = useUploadLogo();
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const resetLogoInput = useRef<() => void>(null);
  /** Changes the draft; a field edited no longer says what was wrong with it. */
  const update = (patch: Partial<CarrierDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const edited = Object.keys(patch).filter((key) => isFormField(key) && e[key] !== undefined);
      if (edited.length === 0) return e;
      const rest = { ...e };
      for (const key of edited) delete rest[key as FormField];
      return rest;
    });
  };

  /** Checks the whole carrier with the shared schema; on failure shows where and stays on step 0. */
  function check(): boolean {
    const parsed = transporteurBody.safeParse(bodyOf(draft));
    if (parsed.success) {
      setErrors({});
      return true;
    }
    // Each field says what is wrong with it (its first issue); the toast sums it up.
    const fields: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isFormField(field)) fields[field] ??= issue.message;
    }
    setErrors(fields);
    showErrorToast(CARRIER_MESSAGES.invalid);
    if (Object.keys(fields).length > 0) setStep(0);
    return false;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (upload.isPending || save.isPending) return;
    if (step === 0 && !check()) return;
    if (step < LAST_STEP) {
      setStep(step + 1);
      return;
    }
    if (!check()) return;
    save.mutate(bodyOf(draft), {
      onSuccess: onClose,
      onError: (error) =>
        showErrorToast(
          error instanceof ApiError && error.status >= 400 && error.status < 500
            ? error.message
            : ERROR_TOASTS.postTransporteur,
        ),
    });
  }

  function cancel() {
    setStep(0);
    setDraft(draftOf(carrier));
    setErrors({});
    setLogoFile(null);
    onClose();
  }

  function chooseLogo(file: File | null) {
    setLogoFile(file);
    if (!file) return;
    setErrors((e) => ({ ...e, logo: undefined }));
    upload.mutate(file, {
      onSuccess: (logo) => update({ logo }),
      onError: (error) => {
        // A logo-upload failure is only logged (docs/contract/errors.md); the field says what went wrong.
        console.error("Échec de l'envoi du logo", error);
        setErrors((e) => ({ ...e, logo: errorMessage(error) }));
        setLogoFile(null);
      },
      // The same file chosen again must upload again.
      onSettled: () => resetLogoInput.current?.(),
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Stepper
          active={step}
          onStepClick={(target) => target < step && setStep(target)}
          allowNextStepsSelect={false}
          size="sm"
        >
          {L.steps.map((label, index) => (
            <Stepper.Step
              key={label}
              label={label}
              description={L.stepDescriptions[index]}
              aria-current={index === step ? 'step' : undefined}
            >
              {index === 0 ? (
                <IdentityStep
                  draft={draft}
                  errors={errors}
                  update={update}
                  logoFile={logoFile}
                  resetLogoInput={resetLogoInput}
                  onLogoChosen={chooseLogo}
                  uploading={upload.isPending}
                />
              ) : index === 1 ? (
                <ShippingFeeStep
                  value={draft.id_forfait_transport}
                  onChange={(id) => update({ id_forfait_transport: id })}
                />
              ) : (
                <OfferStep draft={draft} update={update} />
              )}
            </Stepper.Step>
          ))}
        </Stepper>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel} disabled={save.isPending}>
            {L.cancel}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={upload.isPending}>
            {step < LAST_STEP ? L.next : L.add}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
