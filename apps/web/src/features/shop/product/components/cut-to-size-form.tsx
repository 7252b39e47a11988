// The order box of an article cut to size: pieces and dimensions instead of a quantity, the quantity
// priced shown as it is typed (the same rule the server applies), 'Ajouter au panier'.
import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { cutQuantity, MEASURING_UNITS } from '@comptoir/shared/cut-to-size';
import type { DecoupeArticle } from '@comptoir/shared/dimensions';
import { unitQuantity } from '@comptoir/shared/unit-plural';
import {
  CUT_LABELS,
  CutToSizeFields,
  toDecoupe,
  type CutDraft,
} from '../../../../components/ui/cut-to-size-fields';
import { stockNoteOf, type SaleOf } from '../../../../components/ui/sale-quantity';
import { useAddToCart } from '../../../../lib/cart';
import { useHydrated } from '../../../../lib/hydrated';
import { PRODUCT_LABELS as L } from '../labels';

export function CutToSizeForm({
  cut,
  codeDeclinaison,
  sale,
}: {
  cut: DecoupeArticle;
  codeDeclinaison?: string;
  /** How the article is sold and its stock: the unit's label, what the stock says of the pieces. */
  sale?: SaleOf;
}) {
  const addToCart = useAddToCart();
  // Drawn by the server, the fields and the button wait for the hydration: a press before would submit
  // the form natively, and what is typed before stays in the field but not in the form's state.
  const hydrated = useHydrated();
  const [draft, setDraft] = useState<CutDraft>({ nbPieces: 1, dimensions: {} });
  const decoupe = toDecoupe(draft);
  const result = cutQuantity(
    {
      unit: cut.unite,
      variable: cut.dimensions.map((d) => d.nom),
      standard: Object.fromEntries(
        cut.dimensions.flatMap((d) => (d.standard === null ? [] : [[d.nom, d.standard]])),
      ),
    },
    decoupe,
  );
  const typed = Object.keys(decoupe.dimensions).length > 0;
  const unit = sale?.unit ?? cut.unite;
  // Pieces cut from standard ones take as many from the stock; a measuring unit's stock is its quantity.
  const taken = result.ok ? (MEASURING_UNITS[cut.unite] ? result.quantity : decoupe.nbPieces) : 0;
  const stockNote = sale && taken > 0 ? stockNoteOf(sale, taken) : null;
  return (
    <form
      aria-label={L.cutToSize}
      onSubmit={(event) => {
        event.preventDefault();
        if (!result.ok) return;
        addToCart.mutate({
          codeArticle: cut.codeArticle,
          codeDeclinaison,
          quantite: result.quantity,
          decoupe,
        });
      }}
    >
      <Stack gap="xs">
        <Text fw={600}>{L.cutToSize}</Text>
        <CutToSizeFields
          dimensions={cut.dimensions.map((d) => d.nom)}
          value={draft}
          onChange={setDraft}
          disabled={!hydrated}
        />
        <Text size="sm" role="status" c={result.ok || !typed ? undefined : 'red.8'}>
          {result.ok
            ? CUT_LABELS.priced(unitQuantity(result.quantity, unit))
            : typed
              ? result.message
              : L.cutHint}
        </Text>
        {stockNote ? (
          <Text size="sm" role="status">
            {stockNote}
          </Text>
        ) : null}
        <div>
          <Button type="submit" loading={addToCart.isPending} disabled={!result.ok || !hydrated}>
            {L.addToCart}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
