// The quantity of an article to add to the cart (the product page's order box, the tiles' quick add):
// above 0, at most the cart's maximum, 3 decimals typed with a comma, 'Quantité invalide' otherwise.
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { CART_QUANTITY_MAX } from '@comptoir/shared/cart-texts';
import { QUANTITY_INPUT_LABELS as L } from './labels';

/** Whether a NumberInput value is a quantity that may be added (the field shows the error otherwise). */
export const isValidQuantity = (value: number | string): value is number =>
  typeof value === 'number' && value > 0;

export function QuantityInput({
  value,
  onChange,
  ...props
}: {
  value: number | string;
  onChange: (value: number | string) => void;
} & Pick<NumberInputProps, 'label' | 'aria-label' | 'w' | 'disabled'>) {
  return (
    <NumberInput
      {...props}
      value={value}
      onChange={onChange}
      min={1}
      max={CART_QUANTITY_MAX}
      decimalScale={3}
      decimalSeparator=","
      error={isValidQuantity(value) ? undefined : L.invalid}
    />
  );
}
