import { screen, within } from '@testing-library/react';
import type { CheckoutOptions } from '@comptoir/shared/cart';
import { Route, Routes } from '../../../../lib/router';
import { ENCOURS_MESSAGES } from '@comptoir/shared/encours';
import { AVAILABILITY_MESSAGES } from '@comptoir/shared/shipping/availability';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { cementCart, checkoutOptions, pickupCarrier } from '../../../../test/cart-fixtures';
import { CheckoutPage } from './checkout-page';

const cart = cementCart;
const options = checkoutOptions({
  transporteurs: [
    { id: 3, nom: 'Camion', description: null, fraisHT: 25, explication: 'Frais de port : 25,00 €' },
    { id: 5, nom: 'Messagerie', description: 'Colis', fraisHT: 25, explication: 'Frais de port : 25,00 €' },
    pickupCarrier,
  ],
  modesReglement: [
    { code: 'carte', libelle: 'Carte bancaire' },
    { code: 'cheque', libelle: 'Chèque' },
  ],
});

afterEach(() => vi.unstubAllGlobals());

describe('CheckoutPage', () => {
  it('says each price once for the carriers that cost it, free pickup included, and no zone', async () => {
    mockFetch({ 'GET /rest/panier/livraison': { body: options } });
    renderWithProviders(<CheckoutPage />);
    const carriers = await screen.findByRole('radiogroup', { name: /Transporteur/ });
    expect(within(carriers).getAllByText(/25,00/)).toHaveLength(1);
    expect(
      within(carriers).getByText(/25,00 € HT, quel que soit le transporteur ci-dessous/),
    ).toBeInTheDocument();
    expect(within(carriers).getByText('Gratuit')).toBeInTheDocument();
    expect(screen.queryByText(/Frais de port :/)).not.toBeInTheDocument();
    expect(screen.queryByText(/zone/i)).not.toBeInTheDocument();
  });

  it('says why delivery is not offered when only pickup remains', async () => {
    const pickupOnly: CheckoutOptions = {
      ...options,
      transporteurs: options.transporteurs.filter((c) => c.id === 4),
      avisTransport: AVAILABILITY_MESSAGES.pickupOnly,
    };
    mockFetch({ 'GET /rest/panier/livraison': { body: pickupOnly } });
    renderWithProviders(<CheckoutPage />);
    const carriers = await screen.findByRole('radiogroup', { name: /Transporteur/ });
    expect(within(carriers).getByText(AVAILABILITY_MESSAGES.pickupOnly)).toBeInTheDocument();
    expect(
      within(carriers)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['4']);
  });

  it('says no delivery is possible when no carrier remains, and cannot be validated', async () => {
    mockFetch({
      'GET /rest/panier/livraison': {
        body: { ...options, transporteurs: [], avisTransport: AVAILABILITY_MESSAGES.noDelivery },
      },
    });
    renderWithProviders(<CheckoutPage />);
    const carriers = await screen.findByRole('radiogroup', { name: /Transporteur/ });
    expect(within(carriers).getByText(AVAILABILITY_MESSAGES.noDelivery)).toBeInTheDocument();
    expect(within(carriers).queryByText('Gratuit')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Valider la commande' })).toBeDisabled();
  });

  it('places the order on a pickup carrier at no fee', async () => {
    let sent: unknown = null;
    mockFetch({
      'GET /rest/panier/livraison': { body: options },
      'POST /rest/panier/commande': ({ init }) => {
        sent = JSON.parse(String(init?.body));
        return {
          body: { id: 43, numero: 'W2026-000002', typePanier: 'AT2', statutPaiement: 'x', message: 'ok' },
        };
      },
    });
    const { user } = renderWithProviders(<CheckoutPage />);
    await user.click(await screen.findByRole('radio', { name: 'Retrait agence' }));
    const summary = screen.getByRole('region', { name: 'Récapitulatif' });
    expect(within(summary).getByText('Gratuit')).toBeInTheDocument();
    // 20 HT, VAT 4, TTC 24: no fee.
    expect(within(summary).getByText(/24,00/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Chèque' }));
    await user.click(screen.getByRole('button', { name: 'Valider la commande' }));
    await vi.waitFor(() => expect(sent).toMatchObject({ transporteurId: 4, modeReglement: 'cheque' }));
  });

  it('sends a card order without any card number, then goes to the provider’s page', async () => {
    let sent: unknown = null;
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockFetch({
      'GET /rest/panier/livraison': { body: options },
      'POST /rest/panier/commande': ({ init }) => {
        sent = JSON.parse(String(init?.body));
        return {
          body: {
            id: 42,
            numero: 'W2026-000001',
            typePanier: 'ATT',
            statutPaiement: 'Paiement non validé par la banque',
            message: 'ok',
            paiement: { url: '/paiement-test/abc' },
          },
        };
      },
    });
    const { user } = renderWithProviders(<CheckoutPage />);
    await user.click(await screen.findByRole('radio', { name: 'Camion' }));
    await user.click(screen.getByRole('radio', { name: 'Carte bancaire' }));
    expect(screen.queryByRole('textbox', { name: /carte/i })).not.toBeInTheDocument();
    expect(screen.getByText(/page sécurisée de notre prestataire de paiement/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Valider la commande' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/paiement-test/abc'));
    expect(sent).toEqual({ adresseId: 5, transporteurId: 3, modeReglement: 'carte' });
  });

  it('places the order paid by cheque and opens its detail page', async () => {
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
            typePanier: 'AT2',
            statutPaiement: 'En attente de validation du règlement',
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

    await user.click(screen.getByRole('radio', { name: 'Camion' }));
    const summary = screen.getByRole('region', { name: 'Récapitulatif' });
    // 20 + 25 HT, VAT 20 % = 9, TTC 54.
    expect(within(summary).getByText(/54,00/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Chèque' }));
    await user.type(screen.getByRole('textbox', { name: /Votre référence/ }), 'REF-1');
    await user.click(submit);

    expect(await screen.findByText('Détail de la commande')).toBeInTheDocument();
    expect(sent).toEqual({
      adresseId: 5,
      transporteurId: 3,
      modeReglement: 'cheque',
      refClient: 'REF-1',
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
    await user.click(await screen.findByRole('radio', { name: 'Retrait agence' }));
    await user.click(screen.getByRole('radio', { name: 'Chèque' }));
    await user.click(screen.getByRole('button', { name: 'Valider la commande' }));
    expect(await screen.findByText('Transporteur introuvable ou inactif')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Valider la commande' })).toBeEnabled();
  });

  it('disables cheque with the reason when the order would take the customer over its limit', async () => {
    const encours = {
      plafond: 1000,
      utilise: 960,
      activateEncoursChecking: true,
      blockOnEncoursError: false,
      blockOfflinePayment: true,
    };
    mockFetch({ 'GET /rest/panier/livraison': { body: { ...options, encours } } });
    const { user } = renderWithProviders(<CheckoutPage />);
    // 24 TTC with pickup: within the 40 that remain.
    await user.click(await screen.findByRole('radio', { name: /^Retrait agence/ }));
    expect(screen.getByRole('radio', { name: 'Chèque' })).toBeEnabled();
    // 54 TTC by truck: over it.
    await user.click(screen.getByRole('radio', { name: /^Camion/ }));
    expect(screen.getByRole('radio', { name: 'Chèque' })).toBeDisabled();
    expect(screen.getByText(ENCOURS_MESSAGES.offlineRefused)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Carte bancaire' })).toBeEnabled();
  });

  it('says when the cart is empty', async () => {
    mockFetch({
      'GET /rest/panier/livraison': { body: { ...options, panier: { ...cart, lignes: [], nbLignes: 0 } } },
    });
    renderWithProviders(<CheckoutPage />);
    expect(await screen.findByText('Votre panier est vide')).toBeInTheDocument();
  });
});
