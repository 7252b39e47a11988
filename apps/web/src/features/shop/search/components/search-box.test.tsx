import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from '../../../../lib/router';
import type { SearchResult } from '@comptoir/shared/search';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { SearchBox } from './search-box';

const result: SearchResult = {
  articles: [
    {
      id: 'CIM001',
      link: '/article/CIM001',
      image: { src: null, libelle: 'Ciment gris 35 kg' },
      designation: 'Ciment gris 35 kg',
      codeArticle: 'CIM001',
      isVariant: false,
      hasDeclinaisons: false,
      infoStock: { INFO_STOCK: 'enStock', NB_STOCK: 40 },
      uniteStock: 'Sac',
      prixHT: 9.9,
      uniteTarif: 'Sac',
      vente: { decimales: 0, minimum: null, multiple: null, delaiCommande: null },
    },
  ],
  categories: [{ id: 'GO-CIM', link: '/catalogue/GO-CIM', libelle: 'Ciments' }],
  totalResults: 12,
};

function Where() {
  const location = useLocation();
  return <output aria-label="url">{`${location.pathname}${location.search}`}</output>;
}

function renderBox(
  triggerLength = 3,
  { advanceTimers }: { advanceTimers?: (delay: number) => unknown } = {},
) {
  const api = mockFetch({
    'GET /catalogue/parametres': { body: { longueurDeclenchement: triggerLength, affichageStock: 'picto' } },
    'GET /rest/recherche/cim': { body: result },
    'GET /rest/recherche/cime': { body: result },
  });
  const view = renderWithProviders(
    <>
      <SearchBox />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { advanceTimers },
  );
  return { ...view, ...api };
}

/**
 * Fake timeouts that still follow the wall clock (Testing Library's waiting keeps working), for the
 * tests that move the clock past the debounce themselves; userEvent moves the same clock.
 */
function fakeTimeouts() {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  return { advanceTimers: vi.advanceTimersByTime };
}

/** Moves the fake clock past the debounce, inside act so the pending state updates are applied. */
const passDebounce = () => act(() => vi.advanceTimersByTimeAsync(400));

const searchCalls = (fetchMock: ReturnType<typeof mockFetch>['fetchMock']) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/rest/recherche/'));

afterEach(() => {
  vi.useRealTimers();
});

describe('SearchBox', () => {
  it('has an accessible input limited to 60 characters', () => {
    renderBox();
    const input = screen.getByRole('combobox', { name: 'Rechercher un produit' });
    expect(input).toHaveAttribute('maxLength', '60');
  });

  it('opens the results once the trigger length is reached, with articles, categories and the total', async () => {
    const { user, fetchMock } = renderBox(3, fakeTimeouts());
    const input = screen.getByRole('combobox', { name: 'Rechercher un produit' });
    await user.type(input, 'ci');
    await passDebounce();
    expect(screen.queryByText('Ciment gris 35 kg')).not.toBeInTheDocument();
    expect(searchCalls(fetchMock)).toEqual([]);
    await user.type(input, 'm');
    expect(await screen.findByRole('option', { name: /Ciment gris 35 kg/ })).toHaveAttribute(
      'href',
      '/article/CIM001',
    );
    expect(screen.getByText('En stock')).toBeInTheDocument();
    expect(screen.getByText('9,90 € HT / Sac')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Ciments' })).toHaveAttribute('href', '/catalogue/GO-CIM');
    expect(screen.getByRole('option', { name: 'Voir tous les résultats (12)' })).toHaveAttribute(
      'href',
      '/recherche?q=cim',
    );
  });

  it('follows the configured trigger length', async () => {
    const { user, fetchMock } = renderBox(4, fakeTimeouts());
    const input = screen.getByRole('combobox', { name: 'Rechercher un produit' });
    await user.type(input, 'cim');
    await passDebounce();
    expect(searchCalls(fetchMock)).toEqual([]);
    await user.type(input, 'e');
    expect(await screen.findByText('Ciment gris 35 kg')).toBeInTheDocument();
  });

  it('closes on Escape and opens the full results page on Enter', async () => {
    const { user } = renderBox();
    const input = screen.getByRole('combobox', { name: 'Rechercher un produit' });
    await user.type(input, 'cim');
    expect(await screen.findByText('Ciment gris 35 kg')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Ciment gris 35 kg')).not.toBeInTheDocument());
    expect(input).toHaveValue('cim');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'url' })).toHaveTextContent('/recherche?q=cim');
  });

  it('moves through the results with the arrow keys and opens the active one on Enter', async () => {
    const { user } = renderBox();
    const input = screen.getByRole('combobox', { name: 'Rechercher un produit' });
    await user.type(input, 'cim');
    expect(await screen.findByRole('listbox', { name: 'Résultats de la recherche' })).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    const first = screen.getByRole('option', { name: /Ciment gris 35 kg/ });
    expect(input).toHaveAttribute('aria-activedescendant', first.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Past the last option the field itself is active again, then the first.
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Voir tous les résultats (12)' }).id,
    );
    await user.keyboard('{ArrowUp}{Enter}');
    expect(screen.getByRole('status', { name: 'url' })).toHaveTextContent('/catalogue/GO-CIM');
    expect(input).toHaveValue('cim');
  });

  it('only logs a failed search', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /catalogue/parametres': { body: { longueurDeclenchement: 3, affichageStock: 'picto' } },
      'GET /rest/recherche/cim': { status: 500, body: { message: 'Erreur critique' } },
    });
    const { user } = renderWithProviders(<SearchBox />);
    await user.type(screen.getByRole('combobox', { name: 'Rechercher un produit' }), 'cim');
    await waitFor(() => expect(error).toHaveBeenCalledWith('Recherche impossible', expect.anything()));
    expect(screen.queryByText('Erreur critique')).not.toBeInTheDocument();
    error.mockRestore();
  });
});
