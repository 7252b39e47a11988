// The fee form: agency, zone, the optional sales plan (shown only when the plan has families), the band
// with 'Ajouter Tranche', amount and franco, AJOUTER (Enter adds too). The body is checked with the
// shared schema first, so the client refuses with the server's own messages and sends nothing; the
// server's 409 'Forfait déjà existant' is shown the same way. Amount and franco are read by the shared
// number parser (a decimal comma or point): a negative, a second separator or a letter is said under
// its field as it is typed, a value too large once the field is left, and toasted by AJOUTER. Cleared
// after an add.
import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Grid, Group, Stack } from '@mantine/core';
import { EMPTY_TEXTS } from '@comptoir/shared/messages';
import {
  forfaitBody,
  forfaitBodyMessage,
  type ForfaitBodyInput,
  type Tranche,
  type TypeForfait,
} from '@comptoir/shared/shipping/contract';
import { FEE_MESSAGES } from '@comptoir/shared/shipping/messages';
import { errorMessage } from '../../../../lib/api';
import { useAgencies } from '../../../../lib/resources/agencies';
import { DecimalInput, readDecimal } from '../../../../components/ui/decimal-input';
import { InfoIcon } from '../../../../components/ui/icons';
import { SearchablePicker, type PickerOption } from '../../../../components/ui/searchable-picker';
import { showErrorToast, showSuccessToast } from '../../../../components/ui/toasts';
import { useBands } from '../api/bands';
import { useSalesPlan, useZones } from '../api/get-reference';
import { useSaveShippingFee } from '../api/save-shipping-fee';
import { FEE_LABELS } from '../labels';
import { BandModal } from './band-modal';
import {
  agencyOptions,
  bandOption,
  bandOptions,
  AMOUNT_FIELD,
  familyOptions,
  feeFieldError,
  FRANCO_FIELD,
  zoneOptions,
} from './options';

const L = FEE_LABELS.form;

interface Criteria {
  agency: PickerOption | null;
  zone: PickerOption | null;
  family: PickerOption | null;
  band: PickerOption | null;
  /** As typed. */
  amount: string;
  franco: string;
}

const EMPTY: Criteria = { agency: null, zone: null, family: null, band: null, amount: '', franco: '' };

const readAmount = (text: string) =>
  readDecimal(text, AMOUNT_FIELD.rules, { messages: AMOUNT_FIELD.messages });
const readFranco = (text: string) =>
  readDecimal(text, FRANCO_FIELD.rules, { messages: FRANCO_FIELD.messages });

/**
 * The POST body of the criteria (links as nested objects carrying their id or code); missing or
 * unreadable fields are left undefined for the shared schema to name.
 */
export function shippingFeeBodyOf(criteria: Criteria): Partial<ForfaitBodyInput> {
  return {
    tranche: criteria.band ? { id: Number(criteria.band.value) } : undefined,
    montant: readAmount(criteria.amount).value ?? undefined,
    franco: readFranco(criteria.franco).value,
    zone: criteria.zone ? { id: Number(criteria.zone.value) } : null,
    categorie: criteria.family ? { code_famille: criteria.family.value } : null,
    agence: criteria.agency ? { code_agence: criteria.agency.value } : null,
  };
}

export function FeeForm({ feeType }: { feeType: TypeForfait | null | undefined }) {
  const [criteria, setCriteria] = useState<Criteria>(EMPTY);
  const [bandModal, setBandModal] = useState(false);
  const agencies = useAgencies();
  const zones = useZones();
  const salesPlan = useSalesPlan();
  const bands = useBands();
  const save = useSaveShippingFee();
  const set = (patch: Partial<Criteria>) => setCriteria((c) => ({ ...c, ...patch }));

  const agencyList = useMemo(() => agencyOptions(agencies.data ?? []), [agencies.data]);
  const zoneList = useMemo(() => zoneOptions(zones.data ?? []), [zones.data]);
  const familyList = useMemo(() => familyOptions(salesPlan.data ?? []), [salesPlan.data]);
  const bandList = useMemo(() => bandOptions(bands.data ?? [], feeType), [bands.data, feeType]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const body = shippingFeeBodyOf(criteria);
    const amountError = readAmount(criteria.amount).error;
    const francoError = readFranco(criteria.franco).error;
    // What is wrong with a typed amount, rather than 'le montant est obligatoire'.
    const unreadable = amountError
      ? feeFieldError('montant', amountError)
      : francoError
        ? feeFieldError('franco', francoError)
        : null;
    const parsed = forfaitBody.safeParse(body);
    if (!parsed.success) {
      const message = forfaitBodyMessage(parsed.error.issues);
      showErrorToast(message === FEE_MESSAGES.montantRequired && unreadable ? unreadable : message);
      return;
    }
    if (unreadable) {
      showErrorToast(unreadable);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => {
        showSuccessToast(L.saved);
        setCriteria(EMPTY);
      },
      onError: (error) => showErrorToast(errorMessage(error)),
    });
  }

  const bandCreated = (band: Tranche) => set({ band: bandOption(band, feeType) });
  const noType = feeType === null;

  return (
    <>
      <form onSubmit={submit} noValidate aria-label={L.heading}>
        <Stack gap="md">
          {noType ? (
            <Alert variant="light" color="ardoise" icon={<InfoIcon />}>
              {FEE_MESSAGES.typeNotSet}
            </Alert>
          ) : null}
          <Grid align="flex-start">
            <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
              <SearchablePicker
                label={L.agency}
                placeholder={L.agencyPlaceholder}
                options={agencyList}
                value={criteria.agency}
                onChange={(agency) => set({ agency })}
                nothingFound={EMPTY_TEXTS.agence}
                loading={agencies.isPending}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
              <SearchablePicker
                label={L.zone}
                placeholder={L.zonePlaceholder}
                options={zoneList}
                value={criteria.zone}
                onChange={(zone) => set({ zone })}
                nothingFound={L.noZone}
                loading={zones.isPending}
              />
            </Grid.Col>
            {familyList.length > 0 ? (
              <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
                <SearchablePicker
                  label={L.family}
                  placeholder={L.familyPlaceholder}
                  options={familyList}
                  value={criteria.family}
                  onChange={(family) => set({ family })}
                  nothingFound={L.noFamily}
                />
              </Grid.Col>
            ) : null}
            <Grid.Col span={{ base: 12, sm: 6, lg: 6 }}>
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <div style={{ flex: 1 }}>
                  <SearchablePicker
                    label={L.band}
                    placeholder={L.bandPlaceholder}
                    options={bandList}
                    value={criteria.band}
                    onChange={(band) => set({ band })}
                    nothingFound={L.noBand}
                    loading={bands.isPending}
                  />
                </div>
                <Button variant="default" onClick={() => setBandModal(true)} disabled={noType}>
                  {L.addBand}
                </Button>
              </Group>
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 3 }}>
              <DecimalInput
                label={L.amount}
                value={criteria.amount}
                onChange={({ text }) => set({ amount: text })}
                {...AMOUNT_FIELD}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 3 }}>
              <DecimalInput
                label={L.franco}
                placeholder={L.francoPlaceholder}
                value={criteria.franco}
                onChange={({ text }) => set({ franco: text })}
                {...FRANCO_FIELD}
              />
            </Grid.Col>
          </Grid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {L.submit}
            </Button>
          </Group>
        </Stack>
      </form>
      <BandModal
        opened={bandModal}
        feeType={feeType}
        onClose={() => setBandModal(false)}
        onCreated={bandCreated}
      />
    </>
  );
}
