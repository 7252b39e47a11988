// The fee form of SPEC.md §2.3: agency, zone, the optional sales plan (shown only when the plan has
// families), the tranche with 'Ajouter Tranche', amount and franco, AJOUTER (Enter adds too). The body is
// checked with the shared schema first, so the client refuses with the server's own messages and sends
// nothing; the server's 409 'Forfait déjà existant' is shown the same way. Cleared after an add.
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
import { usePlanVente, useZones } from '../api/get-reference';
import { useSaveForfait } from '../api/save-forfait';
import { useTranches } from '../api/tranches';
import { FEE_LABELS } from '../labels';
import {
  agencyOptions,
  EURO_INPUT,
  familyOptions,
  trancheOption,
  trancheOptions,
  zoneOptions,
} from './options';
import { TrancheModal } from './tranche-modal';

const L = FEE_LABELS.form;

interface Criteria {
  agence: PickerOption | null;
  zone: PickerOption | null;
  categorie: PickerOption | null;
  tranche: PickerOption | null;
  montant: number | string;
  franco: number | string;
}

const EMPTY: Criteria = { agence: null, zone: null, categorie: null, tranche: null, montant: '', franco: '' };

const toNumber = (value: number | string): number | undefined =>
  value === '' || value === '-' ? undefined : Number(value);

/**
 * The POST body of the criteria (links as nested objects carrying their id or code); missing fields
 * are left undefined for the shared schema to name.
 */
export function forfaitBodyOf(criteria: Criteria): Partial<ForfaitBodyInput> {
  return {
    tranche: criteria.tranche ? { id: Number(criteria.tranche.value) } : undefined,
    montant: toNumber(criteria.montant),
    franco: toNumber(criteria.franco) ?? null,
    zone: criteria.zone ? { id: Number(criteria.zone.value) } : null,
    categorie: criteria.categorie ? { code_famille: criteria.categorie.value } : null,
    agence: criteria.agence ? { code_agence: criteria.agence.value } : null,
  };
}

export function FeeForm({ typeForfait }: { typeForfait: TypeForfait | null | undefined }) {
  const [criteria, setCriteria] = useState<Criteria>(EMPTY);
  const [trancheModal, setTrancheModal] = useState(false);
  const agences = useAgencies();
  const zones = useZones();
  const plan = usePlanVente();
  const tranches = useTranches();
  const save = useSaveForfait();
  const set = (patch: Partial<Criteria>) => setCriteria((c) => ({ ...c, ...patch }));

  const agenceOptions = useMemo(() => agencyOptions(agences.data ?? []), [agences.data]);
  const zoneList = useMemo(() => zoneOptions(zones.data ?? []), [zones.data]);
  const categories = useMemo(() => familyOptions(plan.data ?? []), [plan.data]);
  const trancheList = useMemo(
    () => trancheOptions(tranches.data ?? [], typeForfait),
    [tranches.data, typeForfait],
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const body = forfaitBodyOf(criteria);
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

  const trancheCreated = (tranche: Tranche) => set({ tranche: trancheOption(tranche, typeForfait) });
  const noType = typeForfait === null;

  return (
    <>
      <form onSubmit={submit} noValidate aria-label={L.heading}>
        <Stack gap="md">
          {noType ? (
            <Alert variant="light" color="ardoise" icon={<InfoIcon />}>
              {FEE_MESSAGES.typeNotSet}
            </Alert>
          ) : null}
          <Grid align="flex-end">
            <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
              <SearchablePicker
                label={L.agence}
                placeholder={L.agencePlaceholder}
                options={agenceOptions}
                value={criteria.agence}
                onChange={(agence) => set({ agence })}
                nothingFound={EMPTY_TEXTS.agence}
                loading={agences.isPending}
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
            {categories.length > 0 ? (
              <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
                <SearchablePicker
                  label={L.categorie}
                  placeholder={L.categoriePlaceholder}
                  options={categories}
                  value={criteria.categorie}
                  onChange={(categorie) => set({ categorie })}
                  nothingFound={L.noCategorie}
                />
              </Grid.Col>
            ) : null}
            <Grid.Col span={{ base: 12, sm: 6, lg: 6 }}>
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <div style={{ flex: 1 }}>
                  <SearchablePicker
                    label={L.tranche}
                    placeholder={L.tranchePlaceholder}
                    options={trancheList}
                    value={criteria.tranche}
                    onChange={(tranche) => set({ tranche })}
                    nothingFound={L.noTranche}
                    loading={tranches.isPending}
                  />
                </div>
                <Button variant="default" onClick={() => setTrancheModal(true)} disabled={noType}>
                  {L.addTranche}
                </Button>
              </Group>
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 3 }}>
              <NumberInput
                label={L.montant}
                value={criteria.montant}
                onChange={(montant) => set({ montant })}
                {...EURO_INPUT}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 3 }}>
              <NumberInput
                label={L.franco}
                placeholder={L.francoPlaceholder}
                value={criteria.franco}
                onChange={(franco) => set({ franco })}
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
      <TrancheModal
        opened={trancheModal}
        typeForfait={typeForfait}
        onClose={() => setTrancheModal(false)}
        onCreated={trancheCreated}
      />
    </>
  );
}
