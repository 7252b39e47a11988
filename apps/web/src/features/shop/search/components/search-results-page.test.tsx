import { screen, waitFor, within } from '@testing-library/react';
import type { SearchArticle, SearchPage } from '@comptoir/shared/search';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import type { ListParams } from '../../../../lib/list-params';
import { SearchResultsPage } from './search-results-page';

const article = (i: number): SearchArticle => ({
  id: `B${i}`,
  link: `/article/B${i}`,
  image: { src: `/images/articles/B${i}.svg`, libelle: `Bloc ${i}` },
  designation: `Bloc ${i}`,
  codeArticle: `B${i}`,
  isVariant: false,
  hasDeclinaisons: i === 0,
  infoStock: { INFO_STOCK: 'surCommande', NB_STOCK: null },
  uniteStock: 'Unité',
  prixHT: 4.2,
  uniteTarif: 'Unité',
  vente: { decimales: 0, minimum: null, multiple: null, delaiCommande: null },
});

const lastSearch = (fetchMock: ReturnType<typeof mockFetch>['fetchMock']) =>
  fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.includes('/rest/recherche/'))
    .at(-1) ?? '';

const plain: ListParams = { tri: 'pertinence', enStock: false, attribut: [] };

describe('SearchResultsPage', () => {
  it('asks the server for the sort and filters of the URL, and hands a new sort to the page', async () => {
    const { fetchMock } = mockFetch({
      'GET /catalogue/parametres': { body: { longueurDeclenchement: 3, affichageStock: 'picto' } },
      'GET /rest/recherche/bloc/tout': {
        body: { total: 1, page: 0, size: 24, elements: [article(1)], attributs: [] },
      },
    });
    const onListChange = vi.fn();
    const { user } = renderWithProviders(
      <SearchResultsPage
        text="bloc"
        page={0}
        list={{ tri: 'prix-croissant', enStock: true, prixMax: 20, attribut: [] }}
        onListChange={onListChange}
        onPageChange={() => {}}
      />,
    );
    expect(await screen.findByRole('link', { name: 'Bloc 1' })).toBeInTheDocument();
    const url = lastSearch(fetchMock);
    expect(url).toContain('tri=prix-croissant');
    expect(url).toContain('enStock=1');
    expect(url).toContain('prixMax=20');
    await user.click(screen.getByRole('checkbox', { name: 'En stock dans mon agence' }));
    expect(onListChange).toHaveBeenCalledWith(
      expect.objectContaining({ enStock: false, tri: 'prix-croissant' }),
    );
  });

  it('offers the attributes of the articles found with their counts, and asks for the chosen ones', async () => {
    const { fetchMock } = mockFetch({
      'GET /catalogue/parametres': { body: { longueurDeclenchement: 3, affichageStock: 'picto' } },
      'GET /rest/recherche/bloc/tout': {
        body: {
          total: 1,
          page: 0,
          size: 24,
          elements: [article(1)],
          attributs: [
            {
              nom: 'MARQUE',
              libelle: 'Marque',
              valeurs: [
                { valeur: 'Fabemi', nombre: 3 },
                { valeur: 'Vicat', nombre: 1 },
              ],
            },
          ],
        },
      },
    });
    const onListChange = vi.fn();
    const { user } = renderWithProviders(
      <SearchResultsPage
        text="bloc"
        page={0}
        list={{ ...plain, attribut: ['MARQUE:Vicat'] }}
        onListChange={onListChange}
        onPageChange={() => {}}
      />,
    );
    const marque = await screen.findByRole('group', { name: 'Marque' });
    expect(within(marque).getByRole('checkbox', { name: 'Vicat (1)' })).toBeChecked();
    expect(lastSearch(fetchMock)).toContain('attribut=MARQUE%3AVicat');
    await user.click(within(marque).getByRole('checkbox', { name: 'Fabemi (3)' }));
    expect(onListChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ attribut: ['MARQUE:Vicat', 'MARQUE:Fabemi'] }),
    );
    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    expect(onListChange).toHaveBeenLastCalledWith(expect.objectContaining({ attribut: [] }));
  });

  it("says 'Aucun article ne correspond à ces filtres' when the filters leave nothing", async () => {
    mockFetch({
      'GET /catalogue/parametres': { body: { longueurDeclenchement: 3, affichageStock: 'picto' } },
      'GET /rest/recherche/bloc/tout': { body: { total: 0, page: 0, size: 24, elements: [], attributs: [] } },
    });
    renderWithProviders(
      <SearchResultsPage
        text="bloc"
        page={0}
        list={{ ...plain, enStock: true }}
        onListChange={() => {}}
        onPageChange={() => {}}
      />,
    );
    expect(await screen.findByText('Aucun article ne correspond à ces filtres')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'En stock dans mon agence' })).toBeChecked();
  });

  it('lists the articles of the page with the pagination', async () => {
    const page: SearchPage = {
      total: 30,
      page: 1,
      size: 24,
      elements: [article(0), article(1)],
      attributs: [],
    };
    const { fetchMock } = mockFetch({
      'GET /catalogue/parametres': { body: { longueurDeclenchement: 3, affichageStock: 'picto' } },
      'GET /rest/recherche/bloc/tout': { body: page },
    });
    const onPageChange = vi.fn();
    const { user } = renderWithProviders(
      <SearchResultsPage
        text="bloc"
        page={1}
        list={plain}
        onListChange={() => {}}
        onPageChange={onPageChange}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Résultats pour « bloc »' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Bloc 1' })).toHaveAttribute('href', '/article/B1');
    expect(screen.getByText('30 articles trouvés')).toBeInTheDocument();
    expect(screen.getAllByText('Sur commande')).toHaveLength(2);
    expect(lastSearch(fetchMock)).toContain('page=1');
    expect(screen.getAllByText('4,20 € HT / Unité')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Page précédente' }));
    expect(onPageChange).toHaveBeenCalledWith(0);
  });

  it("says 'Aucun article trouvé' when nothing matches or the text is too short", async () => {
    mockFetch({
      'GET /catalogue/parametres': { body: { longueurDeclenchement: 3, affichageStock: 'picto' } },
      'GET /rest/recherche/zzz/tout': { body: { total: 0, page: 0, size: 24, elements: [], attributs: [] } },
    });
    const { unmount } = renderWithProviders(
      <SearchResultsPage text="zzz" page={0} list={plain} onListChange={() => {}} onPageChange={() => {}} />,
    );
    expect(await screen.findByText('Aucun article trouvé')).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <SearchResultsPage text="z" page={0} list={plain} onListChange={() => {}} onPageChange={() => {}} />,
    );
    expect(screen.getByText('Aucun article trouvé')).toBeInTheDocument();
  });

  it('shows no stock when the stock display setting says none', async () => {
    mockFetch({
      'GET /catalogue/parametres': { body: { longueurDeclenchement: 3, affichageStock: 'none' } },
      'GET /rest/recherche/bloc/tout': {
        body: { total: 1, page: 0, size: 24, elements: [article(1)], attributs: [] },
      },
    });
    renderWithProviders(
      <SearchResultsPage text="bloc" page={0} list={plain} onListChange={() => {}} onPageChange={() => {}} />,
    );
    expect(await screen.findByRole('link', { name: 'Bloc 1' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Sur commande')).not.toBeInTheDocument());
  });
});
