// The quantity of an article to add to the cart (the product page's order box, the tiles' quick add):
// typed with a decimal comma or point (DecimalInput, the shared parser), above 0, at most the cart's
// maximum and 3 decimals; 'Quantité invalide' otherwise, never clamped nor rounded. What the rule of
// the article (its unit, minimum, multiple) does to it is said by the caller's `description` (the
// quantity raised) or `error` (the quantity refused).
import type { TextInputProps } from '@mantine/core';
import { CART_QUANTITY_MAX } from '@comptoir/shared/cart-texts';
import type { TypedNumberMessages, TypedNumberRules } from '@comptoir/shared/typed-number';
import { DecimalInput } from './decimal-input';
import { QUANTITY_INPUT_LABELS as L } from './labels';

/** Whether a QuantityInput value is a quantity that may be added (the field shows the error otherwise). */
export const isValidQuantity = (value: number | string): value is number =>
  typeof value === 'number' && value > 0;

/** What a quantity field accepts. */
export const QUANTITY_RULES: TypedNumberRules = {
  maxDecimals: 3,
  min: 0,
  minExclusive: true,
  max: CART_QUANTITY_MAX,
};

const QUANTITY_MESSAGES: TypedNumberMessages = {
  empty: L.invalid,
  notANumber: L.invalid,
  negative: L.invalid,
  min: L.invalid,
  max: L.tooLarge,
};

export function QuantityInput({
  value,
  onChange,
  rules,
  messages,
  error,
  ...props
}: {
  /** The quantity, or the text typed while it does not read as one. */
  value: number | string;
  /** The quantity when the text reads as one the field accepts, the text otherwise. */
  onChange: (value: number | string) => void;
  /** Rules and messages over the defaults (QUANTITY_RULES, 'Quantité invalide'). */
  rules?: TypedNumberRules;
  messages?: TypedNumberMessages;
  /** The refusal of the article's rule, shown when the text reads as a quantity. */
  error?: string | null;
} & Pick<TextInputProps, 'label' | 'aria-label' | 'w' | 'disabled' | 'description'>) {
  return (
    <DecimalInput
      {...props}
      value={value}
      onChange={(change) => onChange(change.value ?? change.text)}
      rules={{ ...QUANTITY_RULES, ...rules }}
      messages={{ ...QUANTITY_MESSAGES, ...messages }}
      error={error ?? undefined}
    />
  );
}
