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
      decoupe: null,
      trouve: true,
      designation: 'Plaque BA13',
      prixHT: 7.9,
      uniteTarif: 'U',
      uniteStock: 'U',
      infoStock: { INFO_STOCK: 'enStock', NB_STOCK: 40 },
      probleme: null,
      avis: null,
    },
    {
      code: 'INCONNU',
      quantite: 1,
      decoupe: null,
      trouve: false,
      designation: null,
      uniteTarif: null,
      uniteStock: null,
      infoStock: null,
      probleme: 'Code article inconnu',
      avis: null,
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

  it('sends a declinaison and the pieces and dimensions of a cut, and shows the cut and its quantity priced', async () => {
    const checked: ResolvedQuickOrder = {
      affichageStock: 'none',
      lignes: [
        {
          code: '100234.02',
          quantite: 5,
          decoupe: null,
          trouve: true,
          designation: 'Bastaing - 3 m',
          prixHT: 18,
          uniteTarif: 'U',
          uniteStock: 'U',
          infoStock: { INFO_STOCK: 'enStock', NB_STOCK: 12 },
          probleme: null,
          avis: null,
        },
        {
          code: 'PARQ',
          quantite: 12,
          decoupe: {
            nbPieces: 4,
            dimensions: { longueur: 2.5, largeur: 1.2 },
            libelle: 'Découpe : 4 pièces de Longueur 2,5 m × Largeur 1,2 m',
          },
          trouve: true,
          designation: 'Parquet chêne',
          prixHT: 40,
          uniteTarif: 'Mètre carré',
          uniteStock: 'M2',
          infoStock: { INFO_STOCK: 'surCommande', NB_STOCK: null },
          probleme: null,
          avis: null,
        },
        {
          code: '100234',
          quantite: 1,
          decoupe: null,
          trouve: true,
          designation: 'Bastaing',
          prixHT: 12,
          uniteTarif: 'U',
          uniteStock: 'U',
          infoStock: { INFO_STOCK: 'enStock', NB_STOCK: 12 },
          probleme: 'Article à déclinaisons : indiquez le code de l’une d’elles (100234.01, 100234.02)',
          avis: null,
        },
      ],
    };
    const bodies: unknown[] = [];
    mockFetch({
      'POST /rest/compte/commande-rapide/verification': ({ init }) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { body: checked };
      },
    });
    const { user } = renderWithProviders(<QuickOrderPage />);
    await user.type(
      screen.getByLabelText('Lignes « code quantité »'),
      '100234.02 5{enter}parq 4 2,5x1,2{enter}100234',
    );
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    const table = await screen.findByRole('table', { name: 'Lignes de la commande rapide' });
    expect(bodies).toEqual([
      {
        lignes: [
          { code: '100234.02', quantite: 5 },
          { code: 'PARQ', quantite: 4, dimensions: [2.5, 1.2] },
          { code: '100234', quantite: 1 },
        ],
      },
    ]);
    const cut = within(table).getByText('Parquet chêne').closest('tr')!;
    expect(within(cut).getByText('Découpe : 4 pièces de Longueur 2,5 m × Largeur 1,2 m')).toBeInTheDocument();
    expect(within(cut).getByText('12 mètres carrés')).toBeInTheDocument();
    expect(within(cut).getByText('Prêt')).toBeInTheDocument();
    expect(
      within(table).getByText(
        'Article à déclinaisons : indiquez le code de l’une d’elles (100234.01, 100234.02)',
      ),
    ).toBeInTheDocument();
  });
});
