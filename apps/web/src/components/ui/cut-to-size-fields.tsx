// The fields of an article cut to size (docs/contract.md, "Variable dimensions and articles cut to size"):
// the number of pieces and each variable dimension of one piece, in the unit the customer types it in.
// Used by the product page and the cart; the quantity priced comes from cutQuantity (packages/shared).
import { Group, NumberInput } from '@mantine/core';
import {
  DIMENSION_DECIMALS,
  DIMENSION_LABELS,
  DIMENSION_MAX,
  DIMENSION_UNITS,
  PIECES_MAX,
  type Dimension,
} from '@comptoir/shared/dimensions-texts';

export interface CutDraft {
  nbPieces: number | string;
  dimensions: Partial<Record<Dimension, number | string>>;
}

export const CUT_LABELS = {
  pieces: 'Nombre de pièces',
  dimension: (dimension: Dimension) => `${DIMENSION_LABELS[dimension]} (${DIMENSION_UNITS[dimension]})`,
  /** 'Quantité facturée : 0,48 plaque' (the quantity and its unit, unitQuantity). */
  priced: (quantityWithUnit: string) => `Quantité facturée : ${quantityWithUnit}`,
} as const;

/** The draft as the API takes it; an empty or unreadable field is left out (the rule then names it). */
export function toDecoupe(draft: CutDraft) {
  const read = (value: number | string | undefined) =>
    typeof value === 'number' ? value : value ? Number(value.replace(',', '.')) : undefined;
  const dimensions: Partial<Record<Dimension, number>> = {};
  for (const [dimension, value] of Object.entries(draft.dimensions) as [Dimension, number | string][]) {
    const number = read(value);
    if (number !== undefined && !Number.isNaN(number)) dimensions[dimension] = number;
  }
  return { nbPieces: read(draft.nbPieces) ?? 0, dimensions };
}

export function CutToSizeFields({
  dimensions,
  value,
  onChange,
  size = 'sm',
  labelSuffix = '',
  disabled = false,
}: {
  dimensions: readonly Dimension[];
  value: CutDraft;
  onChange: (draft: CutDraft) => void;
  size?: 'xs' | 'sm';
  /** Added to each field's accessible name (the cart names the line). */
  labelSuffix?: string;
  disabled?: boolean;
}) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <NumberInput
        label={CUT_LABELS.pieces}
        aria-label={`${CUT_LABELS.pieces}${labelSuffix}`}
        value={value.nbPieces}
        onChange={(nbPieces) => onChange({ ...value, nbPieces })}
        min={1}
        max={PIECES_MAX}
        clampBehavior="none"
        allowDecimal={false}
        size={size}
        w={130}
        disabled={disabled}
      />
      {dimensions.map((dimension) => (
        <NumberInput
          key={dimension}
          label={CUT_LABELS.dimension(dimension)}
          aria-label={`${CUT_LABELS.dimension(dimension)}${labelSuffix}`}
          value={value.dimensions[dimension] ?? ''}
          onChange={(next) => onChange({ ...value, dimensions: { ...value.dimensions, [dimension]: next } })}
          min={0}
          max={DIMENSION_MAX[dimension]}
          clampBehavior="none"
          decimalScale={DIMENSION_DECIMALS}
          decimalSeparator=","
          hideControls
          size={size}
          w={130}
          disabled={disabled}
        />
      ))}
    </Group>
  );
}
