import { screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../test/render';
import { isValidQuantity, QuantityInput } from './quantity-input';

function Quantity({ onValue }: { onValue: (value: number | string) => void }) {
  const [value, setValue] = useState<number | string>(1);
  return (
    <QuantityInput
      label="Quantité"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('QuantityInput', () => {
  it('reads a decimal point or comma, and never reads 1,5 as 15', async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(<Quantity onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Quantité' });
    expect(input).toHaveValue('1');
    await user.clear(input);
    await user.type(input, '1,5');
    expect(onValue).toHaveBeenLastCalledWith(1.5);
    expect(input).toHaveValue('1,5');
    await user.clear(input);
    await user.type(input, ' 2.5 ');
    expect(onValue).toHaveBeenLastCalledWith(2.5);
  });

  it("says 'Quantité invalide' for what does not read or is not above 0, and hands back the text", async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(<Quantity onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Quantité' });
    await user.clear(input);
    await user.type(input, '1,2,3');
    expect(onValue).toHaveBeenLastCalledWith('1,2,3');
    expect(isValidQuantity('1,2,3')).toBe(false);
    expect(input).toHaveAccessibleDescription(/Un seul séparateur décimal/);
    await user.clear(input);
    await user.type(input, '0');
    await user.tab();
    expect(input).toHaveAccessibleDescription('Quantité invalide');
    await user.clear(input);
    await user.type(input, '100000');
    expect(input).toHaveAccessibleDescription('Quantité trop grande');
    expect(input).toHaveValue('100000');
  });
});
