// The home page: a logged-in customer's 'Commandé récemment' block, loaded lazily; none for a visitor.
import { screen } from '@testing-library/react';
import type { RecentArticles } from '@comptoir/shared/account';
import { NO_SESSION, type Me } from '@comptoir/shared/auth';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { Component as Home } from './home';

afterEach(() => vi.unstubAllGlobals());

const customer: Me = { login: 'dupont', role: 'client', codeClient: 'C00001' };
const emptyCart = { lignes: [], totalHT: 0, totalTVA: 0, totalTTC: 0, nbLignes: 0 };
const recent: RecentArticles = {
  articles: [
    {
      codeArticle: 'SAB1',
      designation: 'Sable 0/4',
      lien: '/article/SAB1',
      image: '/images/articles/SAB1.svg',
      prixHT: 12.5,
      uniteTarif: 'Sac',
      uniteStock: 'Sac',
      infoStock: { INFO_STOCK: 'enStock', NB_STOCK: 40 },
      hasDeclinaisons: false,
      vente: { decimales: 0, minimum: null, multiple: null, delaiCommande: null },
    },
  ],
  affichageStock: 'all',
};
const home = {
  'GET /catalogue/acces': { body: { accesAnonyme: '1', prixAnonymes: '1', commandeAnonyme: '0' } },
  'GET /catalogue/selection': { body: null },
  'GET /catalogue/categories': { body: [] },
};

describe('the home page', () => {
  it('shows the block to a logged-in customer', async () => {
    const { unexpected } = mockFetch({
      ...home,
      'GET /auth/me': { body: customer },
      'GET /rest/compte/articles-recents': { body: recent },
      'GET /rest/panier': { body: emptyCart },
    });
    renderWithProviders(<Home />);
    expect(await screen.findByRole('heading', { name: 'Commandé récemment' })).toBeInTheDocument();
    expect(unexpected).toEqual([]);
  });

  it('neither shows the block to a visitor nor calls for it', async () => {
    const { fetchMock, unexpected } = mockFetch({ ...home, 'GET /auth/me': { body: NO_SESSION } });
    const { queryClient } = renderWithProviders(<Home />);
    expect(await screen.findByRole('heading', { name: 'Nos catégories' })).toBeInTheDocument();
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('heading', { name: 'Commandé récemment' })).toBeNull();
    const called = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(called).not.toContain('/rest/compte/articles-recents');
    expect(unexpected).toEqual([]);
  });
});
