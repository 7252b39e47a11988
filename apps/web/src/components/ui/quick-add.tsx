// 'Ajouter au panier' on an article tile (category page, search results): a quantity and a button, for
// a logged-in customer only. An article with declinaisons is chosen on its page instead. The quantity
// follows the article's rule (its unit, minimum, multiple): raised with a notice under the field, or
// refused there; an unavailable article says so instead of the button.
import { Link } from '../../lib/router';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMe } from '../../lib/auth';
import { useAddToCart } from '../../lib/cart';
import { QUICK_ADD_LABELS as L } from './labels';
import { QuantityInput } from './quantity-input';
import { isUnavailable, useSaleQuantity, type SaleOf } from './sale-quantity';
import { QUANTITY_MESSAGES } from '@comptoir/shared/quantity-rules';

export function QuickAdd({
  codeArticle,
  designation,
  hasVariants,
  href,
  sale,
}: {
  codeArticle: string;
  designation: string;
  hasVariants: boolean;
  href: string;
  sale: SaleOf;
}) {
  const { data: user } = useMe();
  const addToCart = useAddToCart();
  const field = useSaleQuantity(sale);
  if (!user?.codeClient) return null;
  if (hasVariants)
    return (
      <Anchor component={Link} to={href} size="sm">
        {L.chooseVariant}
      </Anchor>
    );
  if (isUnavailable(sale))
    return (
      <Text size="sm" c="red.9" fw={600}>
        {QUANTITY_MESSAGES.unavailable}
      </Text>
    );
  // A tile already says 'Sur commande' in its stock badge: its note only when it adds something (the
  // supplier's delay, what is beyond the stock).
  const quiet = sale.stock.INFO_STOCK === 'surCommande' && sale.vente.delaiCommande === null;
  const note = field.notice ?? (quiet ? null : field.stockNote);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const quantite = field.submit();
        if (quantite !== null) addToCart.mutate({ codeArticle, quantite });
      }}
    >
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <QuantityInput
            aria-label={L.quantity(designation)}
            value={field.quantity}
            onChange={field.setQuantity}
            error={field.error}
            w={90}
          />
          <Button type="submit" loading={addToCart.isPending} aria-label={L.addNamed(designation)}>
            {L.add}
          </Button>
        </Group>
        {note ? (
          <Text size="xs" role="status">
            {note}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
