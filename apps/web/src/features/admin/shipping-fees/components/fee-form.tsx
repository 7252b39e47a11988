// The fee form: agency, zone, the optional sales plan (shown only when the plan has families), the band
// with 'Ajouter Tranche', amount and franco, AJOUTER (Enter adds too). The body is checked with the
// shared schema first, so the client refuses with the server's own messages and sends nothing; the
// server's 409 'Forfait déjà existant' is shown the same way; a negative amount or franco is also said
// under its field as it is typed. Cleared after an add.
import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Grid, Group, NumberInput, Stack } from '@mantine/core';
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
  EURO_INPUT,
  familyOptions,
  negativeError,
  zoneOptions,
} from './options';

const L = FEE_LABELS.form;

interface Criteria {
  agency: PickerOption | null;
  zone: PickerOption | null;
  family: PickerOption | null;
  band: PickerOption | null;
  amount: number | string;
  franco: number | string;
}

const EMPTY: Criteria = { agency: null, zone: null, family: null, band: null, amount: '', franco: '' };

const toNumber = (value: number | string): number | undefined =>
  value === '' || value === '-' ? undefined : Number(value);

/**
 * The POST body of the criteria (links as nested objects carrying their id or code); missing fields
 * are left undefined for the shared schema to name.
 */
export function shippingFeeBodyOf(criteria: Criteria): Partial<ForfaitBodyInput> {
  return {
    tranche: criteria.band ? { id: Number(criteria.band.value) } : undefined,
    montant: toNumber(criteria.amount),
    franco: toNumber(criteria.franco) ?? null,
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
    const parsed = forfaitBody.safeParse(body);
    if (!parsed.success) {
      showErrorToast(forfaitBodyMessage(parsed.error.issues));
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
              <NumberInput
                label={L.amount}
                value={criteria.amount}
                onChange={(amount) => set({ amount })}
                error={negativeError(criteria.amount, FEE_MESSAGES.montantNegative)}
                {...EURO_INPUT}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 3 }}>
              <NumberInput
                label={L.franco}
                placeholder={L.francoPlaceholder}
                value={criteria.franco}
                onChange={(franco) => set({ franco })}
                error={negativeError(criteria.franco, FEE_MESSAGES.francoNegative)}
                {...EURO_INPUT}
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
