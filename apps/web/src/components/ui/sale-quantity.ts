// The order box's quantity as the article's rule takes it (packages/shared/src/quantity-rules.ts): what
// the product page, the tiles' quick add and the cart do before they send a quantity. A quantity the
// rule raises is sent raised, and the shopper is told so ('Vendu par 10 : quantité portée à 20'); one
// it refuses is not sent, and the field says why. Never a silent change.
import { useState } from 'react';
import type { InfoStock, VenteArticle } from '@comptoir/shared/catalogue';
import { checkQuantity, firstQuantity, QUANTITY_MESSAGES, stockNote } from '@comptoir/shared/quantity-rules';

export interface SaleOf {
  vente: VenteArticle;
  /** The sale unit's label ('Sac'). */
  unit: string;
  stock: InfoStock;
  /** The stock unit's label: the stock's quantity is compared only when it is the sale unit. */
  stockUnit: string;
}

/** Whether the article may not be ordered at all: unavailable, and no supplier's delay. */
export const isUnavailable = (sale: SaleOf) =>
  sale.stock.INFO_STOCK === 'indisponible' && sale.vente.delaiCommande === null;

/** What the stock says of ordering `quantity`: 'Sur commande (délai 10 jours)', what is beyond the stock. */
export function stockNoteOf(sale: SaleOf, quantity: number): string | null {
  const note = stockNote(
    {
      state: sale.stock.INFO_STOCK,
      quantity: sale.stock.NB_STOCK,
      delay: sale.vente.delaiCommande,
      sameUnit: sale.stockUnit === sale.unit,
    },
    quantity,
    sale.unit,
  );
  return note.ok ? note.note : note.message;
}

/**
 * The quantity field's state and what to send: `submit()` answers the quantity to send (raised when the
 * rule raises it, `notice` then saying so) or null (refused: `error` says why).
 */
export function useSaleQuantity(sale: SaleOf) {
  const [quantity, setQuantityState] = useState<number | string>(() => firstQuantity(sale.vente));
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const setQuantity = (value: number | string) => {
    setQuantityState(value);
    setNotice(null);
    setError(null);
  };
  const submit = (): number | null => {
    if (isUnavailable(sale)) {
      setError(QUANTITY_MESSAGES.unavailable);
      return null;
    }
    const typed = typeof quantity === 'number' ? quantity : Number.NaN;
    const checked = checkQuantity(typed, sale.vente, sale.unit, true);
    if (!checked.ok) {
      setError(checked.message);
      return null;
    }
    setQuantityState(checked.quantity);
    setNotice(checked.message);
    setError(null);
    return checked.quantity;
  };
  const current = typeof quantity === 'number' ? quantity : 0;
  return {
    quantity,
    setQuantity,
    submit,
    notice,
    error,
    stockNote: current > 0 ? stockNoteOf(sale, current) : null,
  };
}
