import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../test/render';
import { DecimalInput, readDecimal, type DecimalReading } from './decimal-input';

function Field({
  onRead = () => {},
  initial = '',
  ...props
}: {
  onRead?: (change: DecimalReading) => void;
  initial?: string | number | null;
} & Partial<Parameters<typeof DecimalInput>[0]>) {
  const [value, setValue] = useState<string | number | null>(initial);
  return (
    <>
      <DecimalInput
        label="Montant (€)"
        value={value}
        onChange={(change) => {
          setValue(change.text);
          onRead(change);
        }}
        {...props}
      />
      <button type="button" onClick={() => setValue('')}>
        Vider
      </button>
    </>
  );
}

describe('readDecimal', () => {
  it('gives the number, or null and the message', () => {
    expect(readDecimal('12.5')).toMatchObject({ value: 12.5, error: null });
    expect(readDecimal('')).toMatchObject({ value: null, error: null });
    expect(readDecimal('', {}, { required: true })).toMatchObject({
      value: null,
      error: 'Valeur obligatoire',
    });
    expect(readDecimal('-5', {}, { messages: { negative: 'Montant négatif' } })).toMatchObject({
      value: null,
      error: 'Montant négatif',
    });
  });
});

describe('DecimalInput', () => {
  it('is a text field with a decimal keyboard that keeps the text as typed', async () => {
    const onRead = vi.fn();
    const { user } = renderWithProviders(<Field onRead={onRead} rules={{ maxDecimals: 2 }} />);
    const input = screen.getByRole('textbox', { name: 'Montant (€)' });
    expect(input).toHaveAttribute('inputmode', 'decimal');
    await user.type(input, '12.5');
    expect(input).toHaveValue('12.5');
    expect(onRead).toHaveBeenLastCalledWith(
      expect.objectContaining({ text: '12.5', value: 12.5, error: null }),
    );
    await user.clear(input);
    await user.type(input, ' 1 234,50 ');
    expect(onRead).toHaveBeenLastCalledWith(expect.objectContaining({ value: 1234.5 }));
  });

  it('says at once what more typing cannot mend: a second separator, a letter, too many decimals', async () => {
    const { user } = renderWithProviders(<Field rules={{ maxDecimals: 2 }} />);
    const input = screen.getByRole('textbox', { name: 'Montant (€)' });
    await user.type(input, '12.5.3');
    expect(input).toHaveAccessibleDescription(/Un seul séparateur décimal/);
    await user.clear(input);
    await user.type(input, '12a');
    expect(input).toHaveAccessibleDescription('Nombre attendu, par exemple 12,5');
    await user.clear(input);
    await user.type(input, '1,255');
    expect(input).toHaveAccessibleDescription('Au plus 2 décimales');
    await user.type(input, '{Backspace}');
    expect(input).not.toHaveAccessibleDescription();
  });

  it('says a bound, an unfinished number or bad grouping once the field is left', async () => {
    const { user } = renderWithProviders(
      <Field rules={{ max: 1e8 }} messages={{ max: 'Au plus 100 000 000 €' }} />,
    );
    const input = screen.getByRole('textbox', { name: 'Montant (€)' });
    await user.type(input, '99999999999');
    expect(input).not.toHaveAccessibleDescription();
    await user.tab();
    expect(input).toHaveAccessibleDescription('Au plus 100 000 000 €');
    await user.clear(input);
    await user.type(input, '1 23,5');
    expect(input).toHaveAccessibleDescription(/Chiffres mal groupés/);
  });

  it('shows a number given as the value the French way, and keeps the typed text that reads as it', () => {
    function Quantity() {
      const [value, setValue] = useState<number | string>(1234.5);
      return (
        <DecimalInput
          label="Quantité"
          value={value}
          onChange={(change) => setValue(change.value ?? change.text)}
        />
      );
    }
    renderWithProviders(<Quantity />);
    const input = screen.getByRole('textbox', { name: 'Quantité' });
    expect(input).toHaveValue('1\u202f234,5');
    fireEvent.change(input, { target: { value: '2,50' } });
    expect(input).toHaveValue('2,50');
    fireEvent.change(input, { target: { value: '2,' } });
    expect(input).toHaveValue('2,');
  });

  it("shows the caller's reset and its own error", async () => {
    const { user } = renderWithProviders(<Field error="Forfait déjà existant" />);
    const input = screen.getByRole('textbox', { name: 'Montant (€)' });
    await user.type(input, '5');
    expect(input).toHaveAccessibleDescription('Forfait déjà existant');
    await user.click(screen.getByRole('button', { name: 'Vider' }));
    expect(input).toHaveValue('');
  });
});
