import { screen, within } from '@testing-library/react';
import type { LinesAdded, ResolvedQuickOrder } from '@comptoir/shared/account';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { QuickOrderPage } from './quick-order-page';

afterEach(() => vi.unstubAllGlobals());

const resolved: ResolvedQuickOrder = {
  affichageStock: 'picto',
  lignes: [
    {
      code: 'PLQ13',
      quantite: 10,
      trouve: true,
      designation: 'Plaque BA13',
      prixHT: 7.9,
      uniteTarif: 'U',
      uniteStock: 'U',
      infoStock: { INFO_STOCK: 'enStock', NB_STOCK: 40 },
      probleme: null,
    },
    {
      code: 'INCONNU',
      quantite: 1,
      trouve: false,
      designation: null,
      uniteTarif: null,
      uniteStock: null,
      infoStock: null,
      probleme: 'Code article inconnu',
    },
  ],
};

describe('QuickOrderPage', () => {
  it('reads the typed lines, shows each resolved with unknown codes flagged, then adds them all', async () => {
    const added: LinesAdded = {
      panier: { lignes: [], totalHT: 0, totalTVA: 0, totalTTC: 0, nbLignes: 1 },
      ajoutees: 1,
      refusees: [{ codeArticle: 'INCONNU', designation: 'INCONNU', raison: 'Article inconnu' }],
      message: '1 ligne ajoutée au panier. Non ajouté : INCONNU (Article inconnu)',
    };
    const bodies: unknown[] = [];
    mockFetch({
      'POST /rest/compte/commande-rapide/verification': ({ init }) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { body: resolved };
      },
      'POST /rest/compte/commande-rapide': { body: added },
    });
    const { user } = renderWithProviders(<QuickOrderPage />);
    await user.type(screen.getByLabelText('Lignes « code quantité »'), 'plq13 10{enter}INCONNU{enter}VIS 0');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    const table = await screen.findByRole('table', { name: 'Lignes de la commande rapide' });
    expect(bodies).toEqual([
      {
        lignes: [
          { code: 'PLQ13', quantite: 10 },
          { code: 'INCONNU', quantite: 1 },
        ],
      },
    ]);
    expect(screen.getByText('Ligne 3 : La quantité doit être supérieure à 0')).toBeInTheDocument();
    expect(within(table).getByText('Plaque BA13')).toBeInTheDocument();
    expect(within(table).getByText('Code article inconnu')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tout ajouter au panier' }));
    expect(await screen.findByText(added.message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir le panier' })).toHaveAttribute('href', '/panier');
  });
});
