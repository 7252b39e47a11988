import { screen, waitFor, within } from '@testing-library/react';
import type { FamilyPage } from '@comptoir/shared/catalogue';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { FamilyPageView } from './family-page';

const article = (code: string, overrides: Partial<FamilyPage['articles']['elements'][number]> = {}) => ({
  codeArticle: code,
  designation: `Ciment ${code}`,
  lien: `/article/${code}`,
  image: `/images/articles/${code}.svg`,
  prixHT: 8.5,
  uniteTarif: 'Sac',
  uniteStock: 'Sac',
  infoStock: { INFO_STOCK: 'enStock' as const, NB_STOCK: 120 },
  hasDeclinaisons: false,
  vente: { decimales: 0, minimum: null, multiple: null, delaiCommande: null },
  ...overrides,
});

const pageOf = (page: number, overrides: Partial<FamilyPage> = {}): FamilyPage => ({
  famille: { code: 'GO01', libelle: 'Ciments', lien: '/catalogue/GO01' },
  fil: [
    { code: 'GO', libelle: 'Gros œuvre', lien: '/catalogue/GO' },
    { code: 'GO01', libelle: 'Ciments', lien: '/catalogue/GO01' },
  ],
  sousFamilles: [
    { code: 'GO0101', libelle: 'Ciments gris', lien: '/catalogue/GO0101', nbArticles: 20 },
    { code: 'GO0102', libelle: 'Ciments blancs', lien: '/catalogue/GO0102', nbArticles: 1 },
  ],
  affichageStock: 'all',
  attributs: [{ nom: 'MARQUE', libelle: 'Marque', valeurs: [{ valeur: 'Vicat', nombre: 3 }] }],
  articles: {
    total: 30,
    page,
    size: 24,
    elements:
      page === 0
        ? [
            article('C1'),
            article('C2', {
              infoStock: { INFO_STOCK: 'quantiteLimitee', NB_STOCK: 3 },
              hasDeclinaisons: true,
              image: null,
            }),
            article('C3', { infoStock: { INFO_STOCK: 'surCommande', NB_STOCK: null } }),
          ]
        : [article('C25', { infoStock: { INFO_STOCK: 'indisponible', NB_STOCK: 0 } })],
  },
  ...overrides,
});

describe('FamilyPageView', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  it('shows the breadcrumb, the title, the sub-families, the articles with price and stock, and pages', async () => {
    const { fetchMock } = mockFetch({
      'GET /catalogue/familles/GO01': ({ url }) => ({ body: pageOf(Number(url.searchParams.get('page'))) }),
    });
    const { user } = renderWithProviders(<FamilyPageView code="GO01" />, { route: '/catalogue/GO01' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ciments' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: "Fil d'Ariane" });
    expect(within(breadcrumb).getByRole('link', { name: 'Gros œuvre' })).toHaveAttribute(
      'href',
      '/catalogue/GO',
    );
    expect(within(breadcrumb).getByText('Ciments')).toHaveAttribute('aria-current', 'page');
    const subFamilies = screen.getByRole('navigation', { name: 'Sous-familles' });
    expect(within(subFamilies).getByRole('link', { name: 'Ciments gris' })).toHaveAttribute(
      'href',
      '/catalogue/GO0101',
    );
    expect(within(subFamilies).getByText('(20 articles)')).toBeInTheDocument();
    expect(within(subFamilies).getByText('(1 article)')).toBeInTheDocument();

    const items = within(screen.getByRole('list', { name: 'Articles' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const first = within(items[0]!);
    const picture = first.getByRole('img', { name: 'Ciment C1' });
    expect(picture).toHaveAttribute('src', '/images/articles/C1.svg');
    expect(picture).toHaveAttribute('width', '300');
    expect(picture).toHaveAttribute('height', '225');
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(first.getByRole('link', { name: 'Ciment C1' })).toHaveAttribute('href', '/article/C1');
    expect(first.getByText('Réf. C1')).toBeInTheDocument();
    expect(
      first.getByText('8,50 € HT / Sac', { normalizer: (t) => t.replace(/\s+/g, ' ') }),
    ).toBeInTheDocument();
    expect(first.getByText('En stock (120 sacs)')).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('img')).toBeNull();
    expect(within(items[1]!).getByText('Quantité limitée (3 sacs)')).toBeInTheDocument();
    expect(within(items[1]!).getByText(/plusieurs déclinaisons/)).toBeInTheDocument();
    expect(within(items[2]!).getByText('Sur commande')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Indisponible')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ciment C25' })).toBeInTheDocument();
    // (the category selector's own calls aside)
    const pages = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://x'))
      .filter((url) => url.pathname.startsWith('/catalogue/familles/'))
      .map((url) => url.searchParams.get('page'));
    expect(pages).toEqual(['0', '1']);
  });

  it('follows the stock display setting', async () => {
    mockFetch({ 'GET /catalogue/familles/GO01': { body: pageOf(0, { affichageStock: 'none' }) } });
    renderWithProviders(<FamilyPageView code="GO01" />);
    await screen.findByRole('heading', { level: 1, name: 'Ciments' });
    expect(screen.queryByText(/^En stock(?! dans)/)).toBeNull();
  });

  it('asks for the sort and filters the URL names, and keeps a new filter in the URL', async () => {
    const { fetchMock } = mockFetch({ 'GET /catalogue/familles/GO01': { body: pageOf(0) } });
    const { user } = renderWithProviders(<FamilyPageView code="GO01" />, {
      route: '/catalogue/GO01?tri=prix-decroissant&enStock=1',
    });
    await screen.findByRole('heading', { level: 1, name: 'Ciments' });
    const asked = () =>
      fetchMock.mock.calls
        .map(([url]) => new URL(String(url), 'http://x'))
        .filter((url) => url.pathname === '/catalogue/familles/GO01');
    expect(asked()[0]!.searchParams.get('tri')).toBe('prix-decroissant');
    expect(asked()[0]!.searchParams.get('enStock')).toBe('1');
    await user.click(screen.getByRole('checkbox', { name: 'Vicat (3)' }));
    await waitFor(() => expect(asked().at(-1)!.searchParams.getAll('attribut')).toEqual(['MARQUE:Vicat']));
    expect(asked().at(-1)!.searchParams.get('tri')).toBe('prix-decroissant');
  });

  it('starts on the page the URL names', async () => {
    const { fetchMock } = mockFetch({
      'GET /catalogue/familles/GO01': ({ url }) => ({ body: pageOf(Number(url.searchParams.get('page'))) }),
    });
    renderWithProviders(<FamilyPageView code="GO01" />, { route: '/catalogue/GO01?page=2' });
    expect(await screen.findByText('Indisponible')).toBeInTheDocument();
    expect(new URL(String(fetchMock.mock.calls[0]![0]), 'http://x').searchParams.get('page')).toBe('1');
  });

  it('says when the family has no article', async () => {
    mockFetch({
      'GET /catalogue/familles/GO01': {
        body: pageOf(0, { sousFamilles: [], articles: { total: 0, page: 0, size: 24, elements: [] } }),
      },
    });
    renderWithProviders(<FamilyPageView code="GO01" />);
    expect(await screen.findByText('Aucun article dans cette famille')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('says Famille introuvable for an unknown family', async () => {
    mockFetch({ 'GET /catalogue/familles/NOPE': { status: 404, body: { message: 'Famille introuvable' } } });
    renderWithProviders(<FamilyPageView code="NOPE" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Famille introuvable' })).toBeInTheDocument();
  });

  it('shows a loading state first', async () => {
    mockFetch({ 'GET /catalogue/familles/GO01': { body: pageOf(0) } });
    const { container } = renderWithProviders(<FamilyPageView code="GO01" />);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument());
  });
});
