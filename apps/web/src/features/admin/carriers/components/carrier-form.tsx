// The carrier form (docs/contract/carriers.md) in 3 steps: 0 name, description, logo, tracking URL;
// 1 one shipping fee (or none); 2 the parameters and options. Suivant moves on (Ajouter on the last step),
// Annuler closes and forgets the draft. An invalid carrier (no name) is refused with
// 'Transporteur invalide' before anything is sent, each wrong field saying what is wrong with it (the
// shared schema's messages) until it is edited.
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import {
  Button,
  Checkbox,
  FileInput,
  Group,
  Image,
  Loader,
  Radio,
  ScrollArea,
  Stack,
  Stepper,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { formatEuros } from '@comptoir/shared/format';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import {
  transporteurBody,
  type CarrierOption,
  type CarrierParam,
  type Forfait,
  type Transporteur,
  type TransporteurBodyInput,
} from '@comptoir/shared/shipping/contract';
import { CARRIER_MESSAGES } from '@comptoir/shared/shipping/messages';
import { forfaitLabels } from '@comptoir/shared/shipping/schedule';
import { ApiError, errorMessage } from '../../../../lib/api';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table';
import { showErrorToast } from '../../../../components/ui/toasts';
import { useCarrierOffer } from '../api/get-carrier-offer';
import { useShippingFeeList } from '../api/get-shipping-fee-list';
import { useSaveCarrier } from '../api/save-carrier';
import { useUploadLogo } from '../api/upload-logo';
import { CARRIER_LABELS } from '../labels';

const L = CARRIER_LABELS.form;
export const CARRIER_FORM_STEPS = 3;
const LAST_STEP = CARRIER_FORM_STEPS - 1;
const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp';

/** What the form edits: the carrier body with text fields as typed. */
export interface CarrierDraft {
  id: number | null;
  nom: string;
  description: string;
  logo: string | null;
  tracking_url: string;
  id_forfait_transport: number | null;
  etat: boolean;
  position: number | null;
  params: CarrierParam[];
  options: CarrierOption[];
  retrait: boolean;
}

export function draftOf(carrier: Transporteur | null): CarrierDraft {
  return {
    id: carrier?.id ?? null,
    nom: carrier?.nom ?? '',
    description: carrier?.description ?? '',
    logo: carrier?.logo ?? null,
    tracking_url: carrier?.tracking_url ?? '',
    id_forfait_transport: carrier?.id_forfait_transport ?? null,
    etat: carrier?.etat ?? true,
    position: carrier?.position ?? null,
    params: carrier?.params ?? [],
    options: carrier?.options ?? [],
    retrait: carrier?.retrait ?? false,
  };
}

export function bodyOf(draft: CarrierDraft): TransporteurBodyInput {
  return {
    id: draft.id,
    nom: draft.nom,
    description: draft.description,
    logo: draft.logo,
    tracking_url: draft.tracking_url,
    id_forfait_transport: draft.id_forfait_transport,
    etat: draft.etat,
    position: draft.position,
    params: draft.params,
    options: draft.options,
    retrait: draft.retrait,
  };
}

const optionKey = (o: CarrierOption) => JSON.stringify([o.nom, o.valeur]);
const FORM_FIELDS = ['nom', 'description', 'logo', 'tracking_url'] as const;
type FormField = (typeof FORM_FIELDS)[number];
type FieldErrors = Partial<Record<FormField, string>>;
const isFormField = (key: unknown): key is FormField => FORM_FIELDS.includes(key as FormField);

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

function IdentityStep({
  draft,
  errors,
  update,
  logoFile,
  resetLogoInput,
  onLogoChosen,
  uploading,
}: {
  draft: CarrierDraft;
  errors: FieldErrors;
  update: (patch: Partial<CarrierDraft>) => void;
  logoFile: File | null;
  resetLogoInput: RefObject<(() => void) | null>;
  onLogoChosen: (file: File | null) => void;
  uploading: boolean;
}) {
  return (
    <Stack gap="md" pt="md">
      <TextInput
        label={L.name}
        required
        value={draft.nom}
        error={errors.nom}
        onChange={(event) => update({ nom: event.currentTarget.value })}
        data-autofocus
      />
      <Textarea
        label={L.description}
        value={draft.description}
        error={errors.description}
        onChange={(event) => update({ description: event.currentTarget.value })}
        rows={3}
        maxLength={1000}
      />
      <FileInput
        label={L.logo}
        description={L.logoHelp}
        placeholder={L.logoPlaceholder}
        // Mantine's placeholder grey is too pale on white for axe's contrast: the text's dimmed colour.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        accept={LOGO_ACCEPT}
        value={logoFile}
        onChange={onLogoChosen}
        resetRef={resetLogoInput}
        error={errors.logo}
      />
      {uploading ? (
        <Group gap={6} role="status">
          <Loader size="xs" />
          <Text size="sm">{L.logoUploading}</Text>
        </Group>
      ) : null}
      {draft.logo ? (
        <Group gap="md">
          <Image src={draft.logo} alt={L.logoPreview} h={48} w="auto" fit="contain" />
          <Button variant="subtle" size="compact-sm" onClick={() => update({ logo: null })}>
            {L.logoRemove}
          </Button>
        </Group>
      ) : null}
      <TextInput
        label={L.trackingUrl}
        description={L.trackingUrlHelp}
        type="url"
        value={draft.tracking_url}
        error={errors.tracking_url}
        onChange={(event) => update({ tracking_url: event.currentTarget.value })}
        maxLength={500}
      />
      <Checkbox
        label={L.pickup}
        description={L.pickupHelp}
        checked={draft.retrait}
        onChange={(event) => update({ retrait: event.currentTarget.checked })}
      />
    </Stack>
  );
}

const NO_FEE_VALUE = 'aucun';

/** The fee table's columns: on a phone each fee is a card, its radio as the title (the table's own). */
function shippingFeeColumns(): DataTableColumn<Forfait>[] {
  const C = L.shippingFeeColumns;
  return [
    {
      key: 'choice',
      header: C.choice,
      render: (fee) => <Radio value={String(fee.id)} aria-label={L.shippingFeeRadio(fee.id)} />,
    },
    { key: 'id', header: C.id, render: (fee) => fee.id },
    {
      key: 'amount',
      header: C.amount,
      align: 'right',
      nowrap: true,
      render: (fee) => formatEuros(fee.montant),
    },
    { key: 'band', header: C.band, render: (fee) => forfaitLabels(fee).tranche },
    { key: 'zone', header: C.zone, render: (fee) => forfaitLabels(fee).zone },
    { key: 'agency', header: C.agency, render: (fee) => forfaitLabels(fee).agence ?? L.allAgencies },
    { key: 'family', header: C.family, render: (fee) => forfaitLabels(fee).categorie ?? '' },
  ];
}

function ShippingFeeStep({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const fees = useShippingFeeList();
  return (
    <Radio.Group
      pt="md"
      label={L.shippingFee}
      description={L.shippingFeeHelp}
      value={value === null ? NO_FEE_VALUE : String(value)}
      onChange={(next) => onChange(next === NO_FEE_VALUE ? null : Number(next))}
    >
      <Radio value={NO_FEE_VALUE} label={L.noShippingFee} my="sm" />
      <ScrollArea.Autosize mah="45vh" type="auto">
        <DataTable
          columns={shippingFeeColumns()}
          rows={fees.data ?? []}
          rowKey={(fee) => fee.id}
          caption={L.shippingFee}
          loading={fees.isPending}
        />
      </ScrollArea.Autosize>
    </Radio.Group>
  );
}

function OfferStep({
  draft,
  update,
}: {
  draft: CarrierDraft;
  update: (patch: Partial<CarrierDraft>) => void;
}) {
  const offer = useCarrierOffer();
  if (offer.isPending) return <Loader size="sm" mt="md" aria-label={L.params} />;
  const params = offer.data?.params ?? [];
  const options = offer.data?.options ?? [];
  return (
    <Stack gap="lg" pt="md">
      <Checkbox.Group
        label={L.params}
        value={draft.params.map((p) => p.VAL)}
        onChange={(values) => update({ params: params.filter((p) => values.includes(p.VAL)) })}
      >
        <Stack gap={6} mt="xs">
          {params.length === 0 ? <Text size="sm">{L.noneOnOffer}</Text> : null}
          {params.map((param) => (
            <Checkbox key={param.VAL} value={param.VAL} label={`${param.LIB} (${param.VAL})`} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Checkbox.Group
        label={L.options}
        value={draft.options.map(optionKey)}
        onChange={(values) => update({ options: options.filter((o) => values.includes(optionKey(o))) })}
      >
        <Stack gap={6} mt="xs">
          {options.length === 0 ? <Text size="sm">{L.noneOnOffer}</Text> : null}
          {options.map((option) => (
            <Checkbox
              key={optionKey(option)}
              value={optionKey(option)}
              label={`${option.nom} : ${option.valeur}`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
    </Stack>
  );
}
