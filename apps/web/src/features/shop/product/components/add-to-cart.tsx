// The product page's order box: quantity and 'Ajouter au panier' for a logged-in customer (and for a
// visitor when visitors may order), a link to the login page for another visitor, nothing for an
// administrator (who has no cart). The quantity follows the article's rule (its unit's decimals, its
// minimum and multiple): raised with a notice under the field, or refused there, never changed
// silently; the stock's note (on order, beyond the stock) shows as it is typed. An article cut to size
// with a standard piece is sold by the piece, 'Découpe sur mesure' a choice beside it.
import { useId, useState } from 'react';
import { Link, useLocation } from '../../../../lib/router';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { hasStandardPiece, formatDimension, type CutArticle } from '@comptoir/shared/cut-to-size';
import type { DecoupeArticle } from '@comptoir/shared/dimensions';
import { QUANTITY_MESSAGES } from '@comptoir/shared/quantity-rules';
import { useMe } from '../../../../lib/auth';
import { useAddToCart } from '../../../../lib/cart';
import { useHydrated } from '../../../../lib/hydrated';
import { useVisitorMayOrder } from '../../../../lib/shop-access';
import { paths } from '../../../../config/paths';
import { QuantityInput } from '../../../../components/ui/quantity-input';
import { isUnavailable, useSaleQuantity, type SaleOf } from '../../../../components/ui/sale-quantity';
import { PRODUCT_LABELS as L } from '../labels';
import { useCutToSize } from '../api/get-cut-to-size';
import { CutToSizeForm } from './cut-to-size-form';

/** The cut-to-size rule's view of the article the product page asks (GET …/decoupe). */
export const cutArticleOf = (cut: DecoupeArticle): CutArticle => ({
  unit: cut.unite,
  variable: cut.dimensions.map((d) => d.nom),
  standard: Object.fromEntries(
    cut.dimensions.flatMap((d) => (d.standard === null ? [] : [[d.nom, d.standard]])),
  ),
});

export function AddToCart({
  codeArticle,
  codeDeclinaison,
  sale,
}: {
  codeArticle: string;
  codeDeclinaison?: string;
  sale: SaleOf;
}) {
  const { data: user } = useMe();
  const location = useLocation();
  const cut = useCutToSize(codeArticle);
  const visitor = useVisitorMayOrder();
  const [mode, setMode] = useState<'piece' | 'cut'>('piece');
  const howToBuy = useId();

  if (user === undefined || user?.role === 'admin') return null;
  if (user === null && !visitor) {
    return (
      <Anchor component={Link} to={paths.login.getHref(`${location.pathname}${location.search}`)}>
        {L.loginToOrder}
      </Anchor>
    );
  }
  if (isUnavailable(sale))
    return (
      <Text fw={600} c="red.9" role="status">
        {QUANTITY_MESSAGES.unavailable}
      </Text>
    );
  // An article whose unit has variable dimensions is ordered by pieces and dimensions; with a standard
  // piece, by the piece too.
  if (!cut.data?.surMesure)
    return <QuantityBox codeArticle={codeArticle} codeDeclinaison={codeDeclinaison} sale={sale} />;
  const article = cutArticleOf(cut.data);
  if (!hasStandardPiece(article)) return <CutToSizeForm cut={cut.data} codeDeclinaison={codeDeclinaison} />;
  const size = article.variable.map((d) => formatDimension(d, article.standard[d]!)).join(' × ');
  return (
    <Stack gap="sm">
      {/* Two toggle buttons (aria-pressed), not Mantine's Radio: the page's first load stays lighter. */}
      <div role="group" aria-labelledby={howToBuy}>
        <Text id={howToBuy} fw={600} size="sm" mb={4}>
          {L.howToBuy}
        </Text>
        <Group gap="xs">
          {(['piece', 'cut'] as const).map((choice) => (
            <Button
              key={choice}
              variant={mode === choice ? 'filled' : 'default'}
              aria-pressed={mode === choice}
              onClick={() => setMode(choice)}
            >
              {choice === 'piece' ? L.byThePiece(size) : L.cutToSize}
            </Button>
          ))}
        </Group>
      </div>
      {mode === 'piece' ? (
        <QuantityBox codeArticle={codeArticle} codeDeclinaison={codeDeclinaison} sale={sale} />
      ) : (
        <CutToSizeForm cut={cut.data} codeDeclinaison={codeDeclinaison} sale={sale} />
      )}
    </Stack>
  );
}

/** A plain quantity and 'Ajouter au panier'. */
function QuantityBox({
  codeArticle,
  codeDeclinaison,
  sale,
}: {
  codeArticle: string;
  codeDeclinaison?: string;
  sale: SaleOf;
}) {
  const addToCart = useAddToCart();
  // Drawn by the server, the quantity and the button wait for the hydration: a press before would submit
  // the form natively, and a quantity typed before stays in the field but not in the form's state.
  const hydrated = useHydrated();
  const field = useSaleQuantity(sale);
  const note = field.notice ?? field.stockNote;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const quantite = field.submit();
        if (quantite !== null) addToCart.mutate({ codeArticle, codeDeclinaison, quantite });
      }}
    >
      <Stack gap={4}>
        <Group align="flex-start" gap="sm">
          <QuantityInput
            label={L.quantity}
            value={field.quantity}
            onChange={field.setQuantity}
            error={field.error}
            w={120}
            disabled={!hydrated}
          />
          <Button type="submit" mt={25} loading={addToCart.isPending} disabled={!hydrated}>
            {L.addToCart}
          </Button>
        </Group>
        {note ? (
          <Text size="sm" role="status">
            {note}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
