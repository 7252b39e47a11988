// 'Ajouter au panier' on an article tile (category page, search results): a quantity and a button, for
// a logged-in customer only. An article with declinaisons is chosen on its page instead.
import { useState } from 'react';
import { Link } from '../../lib/router';
import { Anchor, Button, Group } from '@mantine/core';
import { useMe } from '../../lib/auth';
import { useAddToCart } from '../../lib/cart';
import { QUICK_ADD_LABELS as L } from './labels';
import { QuantityInput, isValidQuantity } from './quantity-input';

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
  const valid = isValidQuantity(quantity);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) addToCart.mutate({ codeArticle, quantite: quantity });
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <QuantityInput aria-label={L.quantity(designation)} value={quantity} onChange={setQuantity} w={90} />
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
