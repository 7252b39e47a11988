// The quantity of an article to add to the cart (the product page's order box, the tiles' quick add):
// above 0, at most the cart's maximum, 3 decimals typed with a comma, 'Quantité invalide' otherwise.
// Never clamped: what the rule of the article (its unit, minimum, multiple) does to it is said by the
// caller's `description` (the quantity raised) or `error` (the quantity refused).
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { CART_QUANTITY_MAX } from '@comptoir/shared/cart-texts';
import { QUANTITY_INPUT_LABELS as L } from './labels';

/** Whether a NumberInput value is a quantity that may be added (the field shows the error otherwise). */
export const isValidQuantity = (value: number | string): value is number =>
  typeof value === 'number' && value > 0;

export function QuantityInput({
  value,
  onChange,
  error,
  ...props
}: {
  value: number | string;
  onChange: (value: number | string) => void;
  /** The refusal of the article's rule; by default 'Quantité invalide' when not above 0. */
  error?: string | null;
} & Pick<NumberInputProps, 'label' | 'aria-label' | 'w' | 'disabled' | 'description' | 'step'>) {
  return (
    <NumberInput
      {...props}
      value={value}
      onChange={onChange}
      min={1}
      max={CART_QUANTITY_MAX}
      clampBehavior="none"
      decimalScale={3}
      decimalSeparator=","
      error={error ?? (isValidQuantity(value) ? undefined : L.invalid)}
    />
  );
}
