// The stock state of an article or declinaison as the storefront shows it (setting
// catalogue.affichageStock): the state always in words, the coloured dot only repeats it.
import { Group, Text } from '@mantine/core';
import type { AffichageStock, InfoStock } from '@comptoir/shared/catalogue';
import { STOCK_LABELS, type StockState } from '@comptoir/shared/catalogue-texts';
import { formatDecimal } from '@comptoir/shared/format';

const DOT_COLOURS: Record<StockState, string> = {
  enStock: 'var(--mantine-color-green-7)',
  quantiteLimitee: 'var(--mantine-color-orange-7)',
  surCommande: 'var(--mantine-color-blue-7)',
  indisponible: 'var(--mantine-color-red-7)',
};

// A stock level shows at most 2 decimals.
const STOCK_DECIMALS = 2;

export interface StockBadgeProps {
  stock: InfoStock;
  /** none: nothing; picto: the state; value: the quantity (the state when none is on hand); all: both. */
  mode: AffichageStock;
  /** Label of the stock unit the quantity counts in. */
  unit: string;
}

export function StockBadge({ stock, mode, unit }: StockBadgeProps) {
  if (mode === 'none') return null;
  const label = STOCK_LABELS[stock.INFO_STOCK];
  const quantity =
    stock.NB_STOCK !== null && stock.NB_STOCK > 0
      ? `${formatDecimal(stock.NB_STOCK, STOCK_DECIMALS)} ${unit}`
      : null;
  const text =
    mode === 'value' ? (quantity ?? label) : mode === 'all' && quantity ? `${label} (${quantity})` : label;
  return (
    <Group gap={6} wrap="nowrap" data-stock={stock.INFO_STOCK}>
      <span
        aria-hidden="true"
        style={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          flex: 'none',
          background: DOT_COLOURS[stock.INFO_STOCK],
        }}
      />
      <Text size="sm" fw={600}>
        {text}
      </Text>
    </Group>
  );
}
