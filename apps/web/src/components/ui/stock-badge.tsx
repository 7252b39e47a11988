// The stock state of an article or declinaison as the storefront shows it (setting
// catalogue.affichageStock): the state always in words, the coloured dot only repeats it.
import type { AffichageStock, InfoStock } from '@comptoir/shared/catalogue';
import { STOCK_LABELS, type StockState } from '@comptoir/shared/catalogue-texts';
import { unitQuantity } from '@comptoir/shared/unit-plural';
import classes from './stock-badge.module.css';

const DOT_COLOURS: Record<StockState, string> = {
  enStock: 'var(--mantine-color-green-7)',
  quantiteLimitee: 'var(--mantine-color-orange-7)',
  surCommande: 'var(--mantine-color-blue-7)',
  indisponible: 'var(--mantine-color-red-7)',
};

// A stock level shows at most 2 decimals, its unit in the plural from 2 on ('1 657 sacs').
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
    stock.NB_STOCK !== null && stock.NB_STOCK > 0 ? unitQuantity(stock.NB_STOCK, unit, STOCK_DECIMALS) : null;
  const text =
    mode === 'value' ? (quantity ?? label) : mode === 'all' && quantity ? `${label} (${quantity})` : label;
  return (
    // Plain elements: the search panel of the first load shows it (docs/performance/first-load.md).
    <div className={classes.root} data-stock={stock.INFO_STOCK}>
      <span
        aria-hidden="true"
        className={classes.dot}
        style={{ background: DOT_COLOURS[stock.INFO_STOCK] }}
      />
      <p className={classes.text}>{text}</p>
    </div>
  );
}
