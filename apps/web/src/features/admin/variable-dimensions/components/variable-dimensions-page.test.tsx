import { screen, waitFor, within } from '@testing-library/react';
import { NO_VARIABLE_DIMENSION, type LigneDimensionSaved, type Unite } from '@comptoir/shared/dimensions';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { VariableDimensionsPage } from './variable-dimensions-page';

const SAVED: LigneDimensionSaved[] = [
  {
    ...NO_VARIABLE_DIMENSION,
    codeUnite: 'M2',
    libelleUnite: 'Mètre carré',
    longueurVariable: true,
    largeurVariable: true,
  },
  { ...NO_VARIABLE_DIMENSION, codeUnite: 'ML', libelleUnite: 'Mètre linéaire', longueurVariable: true },
];
const UNITS: Unite[] = [
  { codeUnite: 'L', libelle: 'Litre' },
  { codeUnite: 'M2', libelle: 'Mètre carré' },
  { codeUnite: 'ML', libelle: 'Mètre linéaire' },
];

function setup() {
  const posted: unknown[] = [];
  const calls: string[] = [];
  const mock = mockFetch({
    'GET /admin/dimensionsVariables/liste': () => {
      calls.push('liste');
      return { body: SAVED };
    },
    'GET /admin/unite/liste': () => {
      calls.push('unites');
      return { body: UNITS };
    },
    'POST /admin/dimensionsVariables/update': ({ init }) => {
      posted.push(JSON.parse(String(init?.body)));
      return { body: SAVED };
    },
  });
  return { ...mock, ...renderWithProviders(<VariableDimensionsPage />), posted, calls };
}

describe('VariableDimensionsPage', () => {
  it('loads the lines, then the units, and shows one line per unit with its seven boxes', async () => {
    const { calls } = setup();
    const table = await screen.findByRole('table', { name: 'Dimensions variables par unité' });
    await within(table).findByRole('checkbox', { name: 'Longueur variable pour M2' });
    expect(within(table).getByRole('checkbox', { name: 'Largeur variable pour M2' })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Largeur variable pour ML' })).not.toBeChecked();
    await waitFor(() => expect(calls).toEqual(['liste', 'unites']));
  });

  it('adds a line among the units not saved yet, hides a deleted line, and sends every line', async () => {
    const { user, posted } = setup();
    const add = await screen.findByRole('button', { name: 'Ajouter une nouvelle unité' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    const unit = screen.getByRole('combobox', { name: 'Unité de la nouvelle ligne 1' });
    expect(
      within(unit)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choisir une unité', 'L - Litre']);
    await user.selectOptions(unit, 'L');
    await user.click(screen.getByRole('checkbox', { name: 'Contenance variable pour L' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer la ligne ML' }));
    expect(screen.queryByRole('checkbox', { name: 'Longueur variable pour ML' })).toBeNull();
    expect(screen.getByText('Modifications non enregistrées')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      data: [
        { ...NO_VARIABLE_DIMENSION, codeUnite: 'M2', longueurVariable: true, largeurVariable: true },
        { ...NO_VARIABLE_DIMENSION, codeUnite: 'ML', longueurVariable: true, deleted: true },
        { ...NO_VARIABLE_DIMENSION, codeUnite: 'L', contenanceVariable: true, ephemere: true },
      ],
    });
  });
});
