import { screen, waitFor, within } from '@testing-library/react';
import type { Me } from '@comptoir/shared/auth';
import type { Cart, CartLine } from '@comptoir/shared/cart';
import { formatEuros } from '@comptoir/shared/format';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { cartLine } from '../../../../test/cart-fixtures';
import { CartPage } from './cart-page';

const customer: Me = { login: 'durand', role: 'client', codeClient: 'C000001' };
const line = (values: Partial<CartLine>): CartLine =>
  cartLine({ quantite: 5, prixUnitaireHT: 9.99, montantHT: 49.95, chantier: 'Villa Dupont', ...values });
const cart: Cart = {
  lignes: [
    line({}),
    line({
      id: 2,
      codeArticle: 'VIS',
      designation: 'Vis inox',
      lien: '/article/VIS',
      quantite: 100,
      unite: 'Unité',
      prixUnitaireHT: 0.125,
      montantHT: 12.5,
      tauxTVA: 5.5,
      chantier: null,
    }),
  ],
  totalHT: 62.45,
  totalTVA: 10.68,
  totalTTC: 73.13,
  nbLignes: 2,
};

// Testing Library collapses the page's no-break spaces; the expected text must match that.
const euros = (amount: number) => formatEuros(amount).replace(/\s/g, ' ');

afterEach(() => vi.unstubAllGlobals());

function setup(current: Cart = cart) {
  const calls: string[] = [];
  const api = mockFetch({
    'GET /auth/me': { body: customer },
    'GET /rest/panier': { body: current },
    'GET /tag/chantier/list': { body: ['Atelier', 'Villa Dupont'] },
    'GET /tag/chantier/details-panier/Villa%20Dupont': {
      body: [{ libelle: 'Ciment 35 kg', lien: '/article/CIM' }],
    },
    'PATCH /rest/panier/lignes/1': ({ init }) => {
      calls.push(`PATCH ${String(init?.body)}`);
      return { body: { ...current, lignes: [line({ quantite: 8, montantHT: 79.92 }), current.lignes[1]!] } };
    },
    'DELETE /rest/panier/lignes/2': () => {
      calls.push('DELETE 2');
      return { body: { ...current, lignes: [current.lignes[0]!], nbLignes: 1 } };
    },
  });
  return { ...renderWithProviders(<CartPage />, { route: '/rest/panier' }), calls, api };
}

describe('CartPage', () => {
  it('shows the lines, their chantier, the totals and the way to the checkout', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Lignes du panier' });
    expect(within(table).getByRole('link', { name: 'Ciment 35 kg' })).toHaveAttribute('href', '/article/CIM');
    expect(within(table).getByRole('textbox', { name: 'Quantité : Ciment 35 kg' })).toHaveValue('5');
    expect(within(table).getByText(euros(49.95))).toBeInTheDocument();
    expect(await within(table).findByRole('combobox', { name: 'Chantier : Ciment 35 kg' })).toHaveValue(
      'Villa Dupont',
    );
    expect(within(table).getByRole('combobox', { name: 'Chantier : Vis inox' })).toHaveValue('');
    const totals = screen.getByRole('region', { name: 'Totaux du panier' });
    expect(within(totals).getByText(euros(62.45))).toBeInTheDocument();
    expect(within(totals).getByText(euros(10.68))).toBeInTheDocument();
    expect(within(totals).getByText(euros(73.13))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Commander' })).toHaveAttribute('href', '/panier/commande');
  });

  it('changes a quantity when the field is left, and removes a line', async () => {
    const { user, calls } = setup();
    const quantity = await screen.findByRole('textbox', { name: 'Quantité : Ciment 35 kg' });
    await user.clear(quantity);
    await user.type(quantity, '8');
    await user.tab();
    await waitFor(() => expect(calls).toContain('PATCH {"quantite":8}'));
    expect(await screen.findByText(euros(79.92))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retirer Vis inox du panier' }));
    await waitFor(() => expect(calls).toContain('DELETE 2'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Vis inox' })).not.toBeInTheDocument());
  });

  it('lists the products per chantier when a chantier is opened', async () => {
    const { user } = setup();
    const section = await screen.findByRole('region', { name: 'Produits par chantier' });
    const control = within(section).getByRole('button', { name: 'Villa Dupont' });
    expect(control).toHaveAttribute('aria-expanded', 'false');
    await user.click(control);
    expect(control).toHaveAttribute('aria-expanded', 'true');
    expect(await within(section).findByRole('link', { name: 'Ciment 35 kg' })).toHaveAttribute(
      'href',
      '/article/CIM',
    );
  });

  it('says which cut must be reviewed, and why', async () => {
    const cut = line({
      id: 3,
      codeArticle: 'FER',
      designation: 'Fer à béton',
      quantite: 0.5,
      decoupe: {
        nbPieces: 2,
        dimensions: { longueur: 1.5 },
        libelle: 'Découpe : 2 pièces de Longueur 1,5 m',
      },
      aRevoir: 'cet article ne se vend plus sur mesure, retirez la ligne puis ajoutez-le de nouveau',
    });
    setup({ ...cart, lignes: [cut], nbLignes: 1 });
    const table = await screen.findByRole('table', { name: 'Lignes du panier' });
    expect(
      within(table).getByText(
        'Découpe à revoir : cet article ne se vend plus sur mesure, retirez la ligne puis ajoutez-le de nouveau',
      ),
    ).toBeInTheDocument();
  });

  it('says when the cart is empty', async () => {
    setup({ lignes: [], totalHT: 0, totalTVA: 0, totalTTC: 0, nbLignes: 0 });
    expect(await screen.findByText('Votre panier est vide')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Commander' })).not.toBeInTheDocument();
  });
});
