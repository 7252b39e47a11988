// The { value, label } options of the fee screen's pickers, from the API's lists.
import type { Agence } from '@comptoir/shared/reference';
import type { SalesPlanFamily } from '@comptoir/shared/sales-plan';
import type { Tranche, Transporteur, TypeForfait, Zone } from '@comptoir/shared/shipping/contract';
import type { PickerOption } from '../../../../components/ui/searchable-picker';
import { FEE_LABELS, trancheUnit } from '../labels';

/** Amounts in euros, French decimals, never negative (the server refuses them). */
export const EURO_INPUT = {
  min: 0,
  allowNegative: false,
  decimalSeparator: ',',
  decimalScale: 2,
  hideControls: true,
} as const;

const amountFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** '100 Kg', '150 €'. */
export const withUnit = (value: number, type: TypeForfait | null | undefined) =>
  `${amountFormat.format(value)} ${trancheUnit(type)}`;

export const agencyOptions = (agences: readonly Agence[]): PickerOption[] =>
  agences.map((a) => ({ value: a.code_agence, label: `${a.libelle_agence} (${a.code_agence})` }));

export const zoneOptions = (zones: readonly Zone[]): PickerOption[] =>
  zones.map((z) => ({ value: String(z.id), label: z.libelle }));

/** Each family with its ancestors ('Gros œuvre › Granulats'), so that a search finds it by any of them. */
export function familyOptions(families: readonly SalesPlanFamily[]): PickerOption[] {
  const byCode = new Map(families.map((f) => [f.codeFamille, f]));
  return families.map((family) => {
    const names: string[] = [];
    for (
      let f: SalesPlanFamily | undefined = family;
      f && names.length < 10;
      f = byCode.get(f.codeParent ?? '')
    )
      names.unshift(f.libelleFamille);
    return { value: family.codeFamille, label: `${names.join(' › ')} (${family.codeFamille})` };
  });
}

export function trancheDescription(
  t: { debut: number; unique: boolean; interval: number | null },
  type: TypeForfait | null | undefined,
): string {
  const from = FEE_LABELS.schedule.from(withUnit(t.debut, type));
  return t.unique && t.interval ? `${from}, ${FEE_LABELS.schedule.per(withUnit(t.interval, type))}` : from;
}

export const trancheOptions = (tranches: readonly Tranche[], type: TypeForfait | null | undefined) =>
  tranches.map((t) => trancheOption(t, type));

export const trancheOption = (t: Tranche, type: TypeForfait | null | undefined): PickerOption => ({
  value: String(t.id),
  label: `${t.libelle} (${trancheDescription(t, type)})`,
});

export const carrierOptions = (carriers: readonly Transporteur[]): PickerOption[] =>
  carriers.map((c) => ({
    value: String(c.id),
    label: c.etat ? c.nom : `${c.nom} (${FEE_LABELS.simulator.inactive})`,
  }));
