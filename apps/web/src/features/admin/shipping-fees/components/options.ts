// The { value, label } options of the fee screen's pickers, from the API's lists.
import { formatDecimal } from '@comptoir/shared/format';
import { FEE_AMOUNT_MAX, FEE_MESSAGES } from '@comptoir/shared/shipping/messages';
import type { TypedNumberMessages, TypedNumberRules } from '@comptoir/shared/typed-number';
import { MONEY_MAX } from '@comptoir/shared/validation';
import { decimalText } from '../../../../components/ui/decimal-input';
import type { Agence } from '@comptoir/shared/reference';
import type { SalesPlanFamily } from '@comptoir/shared/sales-plan';
import type { Tranche, Transporteur, TypeForfait, Zone } from '@comptoir/shared/shipping/contract';
import type { PickerOption } from '../../../../components/ui/searchable-picker';
import { bandUnit, FEE_LABELS } from '../labels';

/**
 * Amounts in euros as the fee fields read them (DecimalInput): a decimal comma or point, cents at
 * most. A minus sign stays as typed and the field says it is refused: dropping it would turn -5 into
 * 5 without a word. Too large or too precise is said too, with the server's own messages.
 */
export const AMOUNT_FIELD = {
  rules: { maxDecimals: 2, max: FEE_AMOUNT_MAX },
  messages: {
    negative: FEE_MESSAGES.montantNegative,
    max: FEE_MESSAGES.montantTooLarge,
    decimals: FEE_MESSAGES.montantDecimals,
  },
} as const satisfies { rules: TypedNumberRules; messages: TypedNumberMessages };

export const FRANCO_FIELD = {
  rules: { maxDecimals: 2, max: MONEY_MAX },
  messages: {
    negative: FEE_MESSAGES.francoNegative,
    max: FEE_MESSAGES.francoTooLarge,
    decimals: FEE_MESSAGES.francoDecimals,
  },
} as const satisfies { rules: TypedNumberRules; messages: TypedNumberMessages };

/**
 * The message to toast for a fee field that does not read: its own when it is a 'Forfait non valide'
 * sentence, otherwise 'Forfait non valide : montant illisible (…)' with the parser's reason.
 */
export const feeFieldError = (field: 'montant' | 'franco', error: string) =>
  error.startsWith('Forfait non valide')
    ? error
    : `Forfait non valide : ${field} illisible (${error.charAt(0).toLowerCase()}${error.slice(1)})`;

/** A saved amount as its field shows it: '12,00', '1 500,00'. */
export const amountText = (value: number) => decimalText(value, 2, 2);

/** '100 Kg', '150 €': a band's start or interval, at most 2 decimals. */
export const withUnit = (value: number, type: TypeForfait | null | undefined) =>
  `${formatDecimal(value, 2)} ${bandUnit(type)}`;

export const agencyOptions = (agencies: readonly Agence[]): PickerOption[] =>
  agencies.map((a) => ({ value: a.code_agence, label: `${a.libelle_agence} (${a.code_agence})` }));

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

/** 'dès 100 Kg', or 'dès 100 Kg, par 50 Kg entamé' for a progressive band. */
export function bandDescription(
  band: Pick<Tranche, 'debut' | 'unique' | 'interval'>,
  type: TypeForfait | null | undefined,
): string {
  const from = FEE_LABELS.schedule.from(withUnit(band.debut, type));
  return band.unique && band.interval
    ? `${from}, ${FEE_LABELS.schedule.per(withUnit(band.interval, type))}`
    : from;
}

export const bandOptions = (bands: readonly Tranche[], type: TypeForfait | null | undefined) =>
  bands.map((band) => bandOption(band, type));

export const bandOption = (band: Tranche, type: TypeForfait | null | undefined): PickerOption => ({
  value: String(band.id),
  label: `${band.libelle} (${bandDescription(band, type)})`,
});

export const carrierOptions = (carriers: readonly Transporteur[]): PickerOption[] =>
  carriers.map((c) => ({
    value: String(c.id),
    label: c.etat ? c.nom : `${c.nom} (${FEE_LABELS.simulator.inactive})`,
  }));
