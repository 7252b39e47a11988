import { screen, within } from '@testing-library/react';
import type { RecentArticles } from '@comptoir/shared/account';
import type { Me } from '@comptoir/shared/auth';
import type { ArticleCard } from '@comptoir/shared/catalogue';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { RecentlyOrdered } from './recently-ordered';

afterEach(() => vi.unstubAllGlobals());

const customer: Me = { login: 'dupont', role: 'client', codeClient: 'C00001' };
const emptyCart = { lignes: [], totalHT: 0, totalTVA: 0, totalTTC: 0, nbLignes: 0 };
const card = (codeArticle: string, designation: string, extra: Partial<ArticleCard> = {}): ArticleCard => ({
  codeArticle,
  designation,
  lien: `/article/${codeArticle}`,
  image: `/images/photos/${codeArticle}.jpg`,
  prixHT: 12.5,
  uniteTarif: 'Sac',
  uniteStock: 'Sac',
  infoStock: { INFO_STOCK: 'enStock', NB_STOCK: 40 },
  hasDeclinaisons: false,
  vente: { decimales: 0, minimum: null, multiple: null, delaiCommande: null },
  ...extra,
});
const recent: RecentArticles = {
  articles: [card('SAB1', 'Sable 0/4'), card('PEI1', 'Peinture mate', { hasDeclinaisons: true })],
  affichageStock: 'all',
};

describe('RecentlyOrdered', () => {
  it('shows the articles the customer ordered lately, at its prices, and adds one to the cart', async () => {
    const posted: unknown[] = [];
    mockFetch({
      'GET /auth/me': { body: customer },
      'GET /rest/panier': { body: emptyCart },
      'POST /rest/panier/lignes': ({ init }) => {
        posted.push(JSON.parse(String(init?.body)));
        return { body: emptyCart };
      },
    });
    const { user } = renderWithProviders(<RecentlyOrdered data={recent} />);
    const block = await screen.findByRole('list', { name: 'Commandé récemment' });
    const [sand, paint] = within(block).getAllByRole('listitem');
    expect(within(sand!).getByRole('link', { name: 'Sable 0/4' })).toHaveAttribute('href', '/article/SAB1');
    expect(within(sand!).getByText(/12,50\s€ HT \/ Sac/)).toBeInTheDocument();
    expect(within(sand!).getByText('En stock (40 sacs)')).toBeInTheDocument();
    const picture = within(sand!).getByRole('img', { name: 'Sable 0/4' });
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(picture).toHaveAttribute('width', '300');
    // An article with declinaisons is chosen on its page.
    expect(await within(paint!).findByRole('link', { name: 'Choisir une déclinaison' })).toHaveAttribute(
      'href',
      '/article/PEI1',
    );
    await user.click(within(sand!).getByRole('button', { name: 'Ajouter au panier : Sable 0/4' }));
    expect(await screen.findByText('Article ajouté au panier')).toBeInTheDocument();
    expect(posted).toEqual([{ codeArticle: 'SAB1', quantite: 1 }]);
  });

  it('shows nothing when the customer has ordered nothing still sold', async () => {
    mockFetch({ 'GET /auth/me': { body: customer } });
    renderWithProviders(<RecentlyOrdered data={{ articles: [], affichageStock: 'all' }} />);
    expect(screen.queryByRole('heading', { name: 'Commandé récemment' })).toBeNull();
  });
});
