// 'Ajouter au panier' on an article tile (category page, search results): a quantity and a button, for
// a logged-in customer only. An article with declinaisons is chosen on its page instead.
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, NumberInput } from '@mantine/core';
import { CART_QUANTITY_MAX } from '@comptoir/shared/cart';
import { errorMessage } from '../../lib/api';
import { useMe } from '../../lib/auth';
import { useAddToCart } from '../../lib/cart';
import { QUICK_ADD_LABELS as L } from './labels';
import { showErrorToast, showSuccessToast } from './toasts';

export function QuickAdd({
  codeArticle,
  designation,
  hasVariants,
  href,
}: {
  codeArticle: string;
  designation: string;
  hasVariants: boolean;
  href: string;
}) {
  const { data: user } = useMe();
  const addToCart = useAddToCart();
  const [quantity, setQuantity] = useState<number | string>(1);
  if (!user?.codeClient) return null;
  if (hasVariants)
    return (
      <Anchor component={Link} to={href} size="sm">
        {L.chooseVariant}
      </Anchor>
    );
  const valid = typeof quantity === 'number' && quantity > 0;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        addToCart.mutate(
          { codeArticle, quantite: quantity },
          {
            onSuccess: () => showSuccessToast(L.added),
            onError: (error) => showErrorToast(errorMessage(error)),
          },
        );
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <NumberInput
          aria-label={L.quantity(designation)}
          value={quantity}
          onChange={setQuantity}
          min={1}
          max={CART_QUANTITY_MAX}
          decimalScale={3}
          decimalSeparator=","
          w={90}
          error={valid ? undefined : L.invalidQuantity}
        />
        <Button
          type="submit"
          loading={addToCart.isPending}
          disabled={!valid}
          aria-label={L.addNamed(designation)}
        >
          {L.add}
        </Button>
      </Group>
    </form>
  );
}
