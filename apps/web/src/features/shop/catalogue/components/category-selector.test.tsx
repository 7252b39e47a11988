import { screen, waitFor } from '@testing-library/react';
import { CATEGORY_SELECTOR_LABELS as LABELS } from '@comptoir/shared/category-selector';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { CategorySelector } from './category-selector';

const item = (code: string, label: string, level: number) => ({
  CODE: code,
  NIVEAU: level,
  LIBELLE: label,
  LIEN: `/catalogue/${code}`,
});
const menus: Record<string, ReturnType<typeof item>[]> = {
  GO: [item('GO01', 'Ciments', 2), item('GO02', 'Blocs', 2)],
  GO01: [item('GO0101', 'Ciments gris', 3)],
  GO02: [],
  GO0101: [],
};

describe('CategorySelector', () => {
  beforeEach(() => {
    mockFetch({
      'GET /catalogue/categories': () => ({
        body: [
          { code: 'GO', libelle: 'Gros œuvre', lien: '/catalogue/GO', nbArticles: 10 },
          { code: 'EL', libelle: 'Électricité', lien: '/catalogue/EL', nbArticles: 4 },
        ],
      }),
      ...Object.fromEntries(
        Object.entries(menus).map(([code, items]) => [`GET /simplemenu/${code}`, { body: { code, items } }]),
      ),
    });
  });

  it('loads the next level of each choice, clears the deeper ones and links to the deepest', async () => {
    const { user } = renderWithProviders(<CategorySelector />);
    const first = await screen.findByRole('combobox', { name: LABELS.level(0) });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Gros œuvre' })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: LABELS.go })).toBeDisabled();

    await user.selectOptions(first, 'GO');
    const second = await screen.findByRole('combobox', { name: LABELS.level(1) });
    expect(screen.getByRole('link', { name: LABELS.go })).toHaveAttribute('href', '/catalogue/GO');
    await user.selectOptions(second, 'GO01');
    const third = await screen.findByRole('combobox', { name: LABELS.level(2) });
    await user.selectOptions(third, 'GO0101');
    expect(screen.getByRole('link', { name: LABELS.go })).toHaveAttribute('href', '/catalogue/GO0101');

    // Clearing level 2 drops level 3 and brings the link back to the parent.
    await user.selectOptions(second, '');
    await waitFor(() => expect(screen.queryByRole('combobox', { name: LABELS.level(2) })).toBeNull());
    expect(screen.getByRole('link', { name: LABELS.go })).toHaveAttribute('href', '/catalogue/GO');

    // A family without sub-families shows no further level.
    await user.selectOptions(second, 'GO02');
    expect(screen.getByRole('link', { name: LABELS.go })).toHaveAttribute('href', '/catalogue/GO02');
    expect(screen.queryByRole('combobox', { name: LABELS.level(2) })).toBeNull();
  });

  it('starts from the path it is given', async () => {
    renderWithProviders(<CategorySelector initialPath={['GO', 'GO01']} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: LABELS.level(1) })).toHaveValue('GO01'));
    expect(screen.getByRole('combobox', { name: LABELS.level(0) })).toHaveValue('GO');
    expect(screen.getByRole('link', { name: LABELS.go })).toHaveAttribute('href', '/catalogue/GO01');
  });
});
