import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { EMPTY_TEXTS, LOADING_TEXT } from '@comptoir/shared/messages';
import { renderWithProviders } from '../../test/render';
import { SearchablePicker, type PickerOption } from './searchable-picker';

const agences: PickerOption[] = [
  { value: 'LYO', label: 'Lyon Gerland' },
  { value: 'GRE', label: 'Grenoble' },
  { value: 'VAL', label: 'Valence' },
];

function LocalPicker({ onPick = () => {} }: { onPick?: (o: PickerOption | null) => void }) {
  const [value, setValue] = useState<PickerOption | null>(null);
  return (
    <SearchablePicker
      label="Agence"
      options={agences}
      value={value}
      onChange={(option) => {
        setValue(option);
        onPick(option);
      }}
      nothingFound={EMPTY_TEXTS.agence}
    />
  );
}

describe('SearchablePicker', () => {
  afterEach(() => vi.useRealTimers());

  it('is a labelled combobox that filters the given options as one types', async () => {
    const onPick = vi.fn();
    const { user } = renderWithProviders(<LocalPicker onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Agence' });
    await user.click(input);
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await user.type(input, 'gre');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Grenoble']);
    await user.click(screen.getByRole('option', { name: 'Grenoble' }));
    expect(onPick).toHaveBeenLastCalledWith({ value: 'GRE', label: 'Grenoble' });
    expect(input).toHaveValue('Grenoble');
  });

  it("shows the caller's empty text when nothing matches", async () => {
    const { user } = renderWithProviders(<LocalPicker />);
    await user.type(screen.getByRole('combobox', { name: 'Agence' }), 'Marseille');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.getByText('Aucune agence correspondante à votre recherche')).toBeInTheDocument();
  });

  it('can be cleared', async () => {
    const onPick = vi.fn();
    const { user } = renderWithProviders(<LocalPicker onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Agence' });
    await user.click(input);
    await user.click(screen.getByRole('option', { name: 'Valence' }));
    expect(input).toHaveValue('Valence');
    await user.click(screen.getByRole('button', { name: 'Effacer Agence' }));
    expect(onPick).toHaveBeenLastCalledWith(null);
    expect(input).toHaveValue('');
  });

  it('delegates the search to the caller, debounced, and keeps the chosen option shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const searches: string[] = [];
    const all: PickerOption[] = [
      { value: 'C001', label: 'Durand Maçonnerie' },
      { value: 'C002', label: 'Dupont Charpente' },
      { value: 'C003', label: 'Martin Couverture' },
    ];

    function ServerPicker() {
      const [value, setValue] = useState<PickerOption | null>(null);
      const [options, setOptions] = useState<PickerOption[]>([]);
      return (
        <SearchablePicker
          label="Client"
          options={options}
          value={value}
          onChange={setValue}
          nothingFound={EMPTY_TEXTS.client}
          onSearch={(text) => {
            searches.push(text);
            setOptions(all.filter((o) => o.label.toLowerCase().includes(text.toLowerCase())));
          }}
          searchDelayMs={300}
        />
      );
    }

    renderWithProviders(<ServerPicker />);
    const typist = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const input = screen.getByRole('combobox', { name: 'Client' });
    await typist.type(input, '  dU');
    expect(searches).toEqual([]);
    act(() => vi.advanceTimersByTime(300));
    expect(searches).toEqual(['dU']);
    // Server results are shown as they come, without filtering them again here.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Durand Maçonnerie',
      'Dupont Charpente',
    ]);
    await typist.click(screen.getByRole('option', { name: 'Dupont Charpente' }));
    expect(input).toHaveValue('Dupont Charpente');
    act(() => vi.advanceTimersByTime(300));
    // Choosing an option is not a new search.
    expect(searches).toEqual(['dU']);
  });

  it('says the empty text when a search matches nothing, even with an option chosen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const all: PickerOption[] = [
      { value: 'C001', label: 'Durand Maçonnerie (C001)' },
      { value: 'C002', label: 'Dupont Charpente (C002)' },
    ];

    function ChosenPicker() {
      const [value, setValue] = useState<PickerOption | null>(all[1]!);
      const [options, setOptions] = useState<PickerOption[]>([]);
      return (
        <SearchablePicker
          label="Code client anonyme"
          options={options}
          value={value}
          onChange={setValue}
          nothingFound={EMPTY_TEXTS.client}
          onSearch={(text) =>
            setOptions(all.filter((o) => o.label.toLowerCase().includes(text.toLowerCase())))
          }
        />
      );
    }

    renderWithProviders(<ChosenPicker />);
    const typist = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const input = screen.getByRole('combobox', { name: 'Code client anonyme' });
    expect(input).toHaveValue('Dupont Charpente (C002)');
    // Opened as it stands: the chosen customer is offered.
    await typist.click(input);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Dupont Charpente (C002)']);
    await typist.clear(input);
    await typist.type(input, 'zzz');
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.getByText('Aucun client correspondant à votre recherche')).toBeInTheDocument();
    // A search the chosen customer matches offers it again, among the others found.
    await typist.clear(input);
    await typist.type(input, 'c00');
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Durand Maçonnerie (C001)',
      'Dupont Charpente (C002)',
    ]);
  });

  it('shows the loading text while options load', async () => {
    const { user } = renderWithProviders(
      <SearchablePicker
        label="Client"
        options={[]}
        value={null}
        onChange={() => {}}
        nothingFound={EMPTY_TEXTS.client}
        onSearch={() => {}}
        loading
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    expect(screen.getByText(LOADING_TEXT)).toBeInTheDocument();
  });

  it('shows a value that the current options no longer contain', () => {
    renderWithProviders(
      <SearchablePicker
        label="Client"
        options={[]}
        value={{ value: 'C009', label: 'Bernard Plâtrerie' }}
        onChange={() => {}}
        nothingFound={EMPTY_TEXTS.client}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Client' })).toHaveValue('Bernard Plâtrerie');
  });
});
