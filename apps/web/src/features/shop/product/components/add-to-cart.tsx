// The product page's order box: quantity and 'Ajouter au panier' for a logged-in customer (and for a
// visitor when visitors may order), a link to the login page for another visitor, nothing for an
// administrator (who has no cart).
import { useState } from 'react';
import { Link, useLocation } from '../../../../lib/router';
import { Anchor, Button, Group } from '@mantine/core';
import { useMe } from '../../../../lib/auth';
import { useAddToCart } from '../../../../lib/cart';
import { useHydrated } from '../../../../lib/hydrated';
import { useVisitorMayOrder } from '../../../../lib/shop-access';
import { paths } from '../../../../config/paths';
import { QuantityInput, isValidQuantity } from '../../../../components/ui/quantity-input';
import { PRODUCT_LABELS as L } from '../labels';
import { useCutToSize } from '../api/get-cut-to-size';
import { CutToSizeForm } from './cut-to-size-form';

export function AddToCart({
  codeArticle,
  codeDeclinaison,
}: {
  codeArticle: string;
  codeDeclinaison?: string;
}) {
  const { data: user } = useMe();
  const location = useLocation();
  const addToCart = useAddToCart();
  // Drawn by the server, the quantity and the button wait for the hydration: a press before would submit
  // the form natively, and a quantity typed before stays in the field but not in the form's state.
  const hydrated = useHydrated();
  const [quantity, setQuantity] = useState<number | string>(1);
  const cut = useCutToSize(codeArticle);
  const visitor = useVisitorMayOrder();

  if (user === undefined || user?.role === 'admin') return null;
  if (user === null && !visitor) {
    return (
      <Anchor component={Link} to={paths.login.getHref(`${location.pathname}${location.search}`)}>
        {L.loginToOrder}
      </Anchor>
    );
  }
  // An article whose unit has variable dimensions is ordered by pieces and dimensions.
  if (cut.data?.surMesure) return <CutToSizeForm cut={cut.data} codeDeclinaison={codeDeclinaison} />;
  const valid = isValidQuantity(quantity);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) addToCart.mutate({ codeArticle, codeDeclinaison, quantite: quantity });
      }}
    >
      <Group align="flex-end" gap="sm">
        <QuantityInput
          label={L.quantity}
          value={quantity}
          onChange={setQuantity}
          w={120}
          disabled={!hydrated}
        />
        <Button type="submit" loading={addToCart.isPending} disabled={!valid || !hydrated}>
          {L.addToCart}
        </Button>
      </Group>
    </form>
  );
}
