// The product page's order box: quantity and 'Ajouter au panier' for a logged-in customer (and for a
// visitor when visitors may order), a link to the login page for another visitor, nothing for an
// administrator (who has no cart).
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Anchor, Button, Group, NumberInput } from '@mantine/core';
import { CART_QUANTITY_MAX } from '@comptoir/shared/cart';
import { errorMessage } from '../../../../lib/api';
import { useMe } from '../../../../lib/auth';
import { useAddToCart } from '../../../../lib/cart';
import { useVisitorMayOrder } from '../../../../lib/shop-access';
import { paths } from '../../../../config/paths';
import { showErrorToast, showSuccessToast } from '../../../../components/ui/toasts';
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
  const valid = typeof quantity === 'number' && quantity > 0;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        addToCart.mutate(
          { codeArticle, codeDeclinaison, quantite: quantity },
          {
            onSuccess: () => showSuccessToast(L.addedToCart),
            onError: (error) => showErrorToast(errorMessage(error)),
          },
        );
      }}
    >
      <Group align="flex-end" gap="sm">
        <NumberInput
          label={L.quantity}
          value={quantity}
          onChange={setQuantity}
          min={1}
          max={CART_QUANTITY_MAX}
          decimalScale={3}
          decimalSeparator=","
          w={120}
          error={valid ? undefined : L.invalidQuantity}
        />
        <Button type="submit" loading={addToCart.isPending} disabled={!valid}>
          {L.addToCart}
        </Button>
      </Group>
    </form>
  );
}
