import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Cart, CheckoutOptions } from '@comptoir/shared/cart';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { CheckoutPage } from './checkout-page';

const cart: Cart = {
  lignes: [
    {
      id: 1,
      codeArticle: 'CIM',
      codeDeclinaison: '',
      designation: 'Ciment 35 kg',
      lien: '/article/CIM',
      quantite: 2,
      unite: 'Sac',
      prixUnitaireHT: 10,
      montantHT: 20,
      tauxTVA: 20,
      chantier: null,
      decoupe: null,
    },
  ],
  totalHT: 20,
  totalTVA: 4,
  totalTTC: 24,
  nbLignes: 1,
};
const options: CheckoutOptions = {
  adresses: [
    {
      id: 5,
      libelle: 'Dépôt',
      ligne1: '1 rue du Port',
      ligne2: null,
      codePostal: '69007',
      ville: 'Lyon',
      zoneId: 1,
      zone: 'Proximité',
      parDefaut: true,
    },
  ],
  adresseId: 5,
  transporteurs: [
    { id: 3, nom: 'Camion', description: null, fraisHT: 25, explication: 'Frais de port : 25,00 €' },
    { id: 4, nom: 'Retrait agence', description: null, fraisHT: 0, explication: 'Aucun forfait' },
  ],
  modesReglement: [
    { code: 'carte', libelle: 'Carte bancaire' },
    { code: 'cheque', libelle: 'Chèque' },
  ],
  panier: cart,
};

afterEach(() => vi.unstubAllGlobals());

describe('CheckoutPage', () => {
  it('places the order paid by card and opens its detail page', async () => {
    let sent: unknown = null;
    mockFetch({
      'GET /rest/panier/livraison': { body: options },
      'GET /rest/panier': { body: { ...cart, lignes: [], nbLignes: 0 } },
      'POST /rest/panier/commande': ({ init }) => {
        sent = JSON.parse(String(init?.body));
        return {
          body: {
            id: 42,
            numero: 'W2026-000001',
            typePanier: 'VAL',
            statutPaiement: 'Paiement validé',
            message: 'ok',
          },
        };
      },
    });
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/panier/commande" element={<CheckoutPage />} />
        <Route path="/compte/detail-mouvement/:id" element={<p>Détail de la commande</p>} />
      </Routes>,
      { route: '/panier/commande' },
    );
    const submit = await screen.findByRole('button', { name: 'Valider la commande' });
    expect(screen.getByRole('radio', { name: 'Dépôt' })).toBeChecked();
    expect(submit).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: /^Camion/ }));
    const summary = screen.getByRole('region', { name: 'Récapitulatif' });
    // 20 + 25 HT, VAT 20 % = 9, TTC 54.
    expect(within(summary).getByText(/54,00/)).toBeInTheDocument();
    expect(within(summary).getByText('Frais de port : 25,00 €')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Carte bancaire' }));
    await user.type(screen.getByRole('textbox', { name: /Numéro de carte/ }), '4970 1000 0000 1234');
    await user.type(screen.getByRole('textbox', { name: /Votre référence/ }), 'REF-1');
    await user.click(submit);

    expect(await screen.findByText('Détail de la commande')).toBeInTheDocument();
    expect(sent).toEqual({
      adresseId: 5,
      transporteurId: 3,
      modeReglement: 'carte',
      refClient: 'REF-1',
      carte: { numero: '4970 1000 0000 1234' },
    });
  });

  it('shows the refusal of the API and stays on the page', async () => {
    mockFetch({
      'GET /rest/panier/livraison': { body: options },
      'POST /rest/panier/commande': {
        status: 400,
        body: { message: 'Transporteur introuvable ou inactif' },
      },
    });
    const { user } = renderWithProviders(<CheckoutPage />);
    await user.click(await screen.findByRole('radio', { name: /^Retrait agence/ }));
    await user.click(screen.getByRole('radio', { name: 'Chèque' }));
    expect(screen.queryByRole('textbox', { name: /Numéro de carte/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Valider la commande' }));
    expect(await screen.findByText('Transporteur introuvable ou inactif')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Valider la commande' })).toBeEnabled();
  });

  it('says when the cart is empty', async () => {
    mockFetch({
      'GET /rest/panier/livraison': { body: { ...options, panier: { ...cart, lignes: [], nbLignes: 0 } } },
    });
    renderWithProviders(<CheckoutPage />);
    expect(await screen.findByText('Votre panier est vide')).toBeInTheDocument();
  });
});
