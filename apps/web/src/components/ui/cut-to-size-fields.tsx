// The fields of an article cut to size (docs/contract/variable-dimensions-and-articles-cut-to-size.md, "Variable dimensions and articles cut to size"):
// the number of pieces and each variable dimension of one piece, in the unit the customer types it in.
// Used by the product page and the cart; the quantity priced comes from cutQuantity (packages/shared).
// Each field reads what is typed with the shared parser (DecimalInput): '2.5' and '2,5' are 2,5 m, '2.5.3'
// is refused under its field, never read as 25 nor clamped to a bound.
import { Group } from '@mantine/core';
import { readTypedNumber, type TypedNumberMessages } from '@comptoir/shared/typed-number';
import {
  DIMENSION_DECIMALS,
  DIMENSION_LABELS,
  DIMENSION_MAX,
  DIMENSION_MESSAGES,
  DIMENSION_UNITS,
  PIECES_MAX,
  type Dimension,
} from '@comptoir/shared/dimensions-texts';
import { formatDimension } from '@comptoir/shared/cut-to-size';
import { DecimalInput } from './decimal-input';

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

/**
 * The draft as the API takes it; an empty field is left out (the rule then names it), an unreadable one
 * is NaN (the rule says it is invalid; its field says why).
 */
export function toDecoupe(draft: CutDraft) {
  const read = (value: number | string | undefined) => {
    if (typeof value === 'number') return value;
    const reading = readTypedNumber(value ?? '', { negative: true });
    return reading.ok ? reading.value : reading.reason === 'empty' ? undefined : Number.NaN;
  };
  const dimensions: Partial<Record<Dimension, number>> = {};
  for (const [dimension, value] of Object.entries(draft.dimensions) as [Dimension, number | string][]) {
    const number = read(value);
    if (number !== undefined) dimensions[dimension] = number;
  }
  return { nbPieces: read(draft.nbPieces) ?? 0, dimensions };
}

const PIECES_MESSAGES: TypedNumberMessages = {
  empty: DIMENSION_MESSAGES.piecesInvalid,
  integer: DIMENSION_MESSAGES.piecesWhole,
  negative: DIMENSION_MESSAGES.piecesMin,
  min: DIMENSION_MESSAGES.piecesMin,
  max: DIMENSION_MESSAGES.piecesMax,
};

/** A dimension's refusals in the words of the cut-to-size rule ('Longueur : 100 m au maximum'). */
function dimensionMessages(dimension: Dimension): TypedNumberMessages {
  const label = DIMENSION_LABELS[dimension];
  return {
    negative: DIMENSION_MESSAGES.positive(label),
    min: DIMENSION_MESSAGES.positive(label),
    max: DIMENSION_MESSAGES.tooLarge(label, formatDimension(dimension, DIMENSION_MAX[dimension])),
    decimals: DIMENSION_MESSAGES.tooPrecise(label),
  };
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
      <DecimalInput
        label={CUT_LABELS.pieces}
        aria-label={`${CUT_LABELS.pieces}${labelSuffix}`}
        value={value.nbPieces}
        onChange={({ value: pieces, text }) => onChange({ ...value, nbPieces: pieces ?? text })}
        rules={{ integer: true, min: 1, max: PIECES_MAX }}
        messages={PIECES_MESSAGES}
        size={size}
        w={130}
        disabled={disabled}
      />
      {dimensions.map((dimension) => (
        <DecimalInput
          key={dimension}
          label={CUT_LABELS.dimension(dimension)}
          aria-label={`${CUT_LABELS.dimension(dimension)}${labelSuffix}`}
          value={value.dimensions[dimension] ?? ''}
          onChange={({ value: measure, text }) =>
            onChange({ ...value, dimensions: { ...value.dimensions, [dimension]: measure ?? text } })
          }
          rules={{
            maxDecimals: DIMENSION_DECIMALS,
            min: 0,
            minExclusive: true,
            max: DIMENSION_MAX[dimension],
          }}
          messages={dimensionMessages(dimension)}
          size={size}
          w={130}
          disabled={disabled}
        />
      ))}
    </Group>
  );
}
