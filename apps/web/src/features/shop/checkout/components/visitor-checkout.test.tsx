// The checkout of a visitor ordering without an account: it types its own address (never offered
// the visitor customer's), says who it is, and every shopper accepts the CGV before ordering.
import { screen, within } from '@testing-library/react';
import type { CheckoutOptions, DeliveryAddress } from '@comptoir/shared/cart';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { checkoutOptions, deliveryAddress, pickupCarrier } from '../../../../test/cart-fixtures';
import { CheckoutPage } from './checkout-page';

const typed = deliveryAddress({ id: 7, libelle: 'Livraison à Lyon', ligne1: '12 rue des Lilas' });

const options = (adresses: DeliveryAddress[]): CheckoutOptions =>
  checkoutOptions({
    adresses,
    transporteurs: [{ ...pickupCarrier, explication: '' }],
    cgv: { version: 3, date: 1_796_169_600 },
  });

afterEach(() => vi.unstubAllGlobals());

describe('a visitor’s checkout', () => {
  it('types its address, says who it is, accepts the CGV, and sends them with the order', async () => {
    let address: unknown = null;
    let order: unknown = null;
    let saved = false;
    mockFetch({
      'GET /auth/me': { body: { connecte: false } },
      'GET /rest/panier/livraison': () => ({ body: options(saved ? [typed] : []) }),
      'POST /rest/panier/adresses': ({ init }) => {
        address = JSON.parse(String(init?.body));
        saved = true;
        return { body: typed };
      },
      'POST /rest/panier/commande': ({ init }) => {
        order = JSON.parse(String(init?.body));
        return {
          body: {
            id: 9,
            numero: 'W2026-000009',
            typePanier: 'AT2',
            statutPaiement: 'x',
            message: 'Commande W2026-000009 enregistrée',
          },
        };
      },
    });
    const { user } = renderWithProviders(<CheckoutPage />);
    await screen.findByText('Saisissez l’adresse où livrer la commande.');
    const form = screen.getByRole('group', { name: 'Nouvelle adresse de livraison' });
    await user.type(within(form).getByRole('textbox', { name: /^Adresse/ }), '12 rue des Lilas');
    await user.type(within(form).getByRole('textbox', { name: /^Code postal/ }), '69 007');
    await user.type(within(form).getByRole('textbox', { name: /^Ville/ }), 'Lyon');
    await user.click(within(form).getByRole('button', { name: 'Utiliser cette adresse' }));
    // The postal code is sent without its space (the shared schema), and the address is chosen.
    await vi.waitFor(() =>
      expect(address).toEqual({ ligne1: '12 rue des Lilas', ligne2: '', codePostal: '69007', ville: 'Lyon' }),
    );
    expect(await screen.findByRole('radio', { name: 'Livraison à Lyon' })).toBeChecked();

    await user.type(screen.getByRole('textbox', { name: /^Nom et prénom/ }), 'Jeanne Martin');
    await user.type(screen.getByRole('textbox', { name: /^Téléphone/ }), '04 78 00 00 00');
    await user.click(screen.getByRole('radio', { name: 'Retrait agence' }));
    await user.click(screen.getByRole('radio', { name: 'Chèque' }));
    const submit = screen.getByRole('button', { name: 'Valider la commande' });
    expect(submit).toBeDisabled();
    const cgv = screen.getByRole('checkbox', { name: /conditions générales de vente/ });
    expect(screen.getByRole('link', { name: /conditions générales de vente/ })).toHaveAttribute(
      'href',
      '/conditions-generales-de-vente',
    );
    expect(screen.getByText(/version 3 du/)).toBeInTheDocument();
    await user.click(cgv);
    expect(submit).toBeEnabled();
    await user.click(submit);
    await vi.waitFor(() =>
      expect(order).toEqual({
        adresseId: 7,
        transporteurId: 4,
        modeReglement: 'cheque',
        versionCGV: 3,
        visiteur: { nom: 'Jeanne Martin', email: undefined, telephone: '04 78 00 00 00' },
      }),
    );
    expect(await screen.findByText('Commande W2026-000009 enregistrée')).toBeInTheDocument();
  });

  it('sends a billing address of its own when it is not the delivery address', async () => {
    let order: { visiteur?: unknown } | null = null;
    mockFetch({
      'GET /auth/me': { body: { connecte: false } },
      'GET /rest/panier/livraison': { body: options([typed]) },
      'POST /rest/panier/commande': ({ init }) => {
        order = JSON.parse(String(init?.body)) as { visiteur?: unknown };
        return {
          body: { id: 9, numero: 'W2026-000009', typePanier: 'AT2', statutPaiement: 'x', message: 'ok' },
        };
      },
    });
    const { user } = renderWithProviders(<CheckoutPage />);
    await user.type(await screen.findByRole('textbox', { name: /^Nom et prénom/ }), 'Jeanne');
    await user.type(screen.getByRole('textbox', { name: /^Courriel/ }), 'j@exemple.fr');
    await user.click(screen.getByRole('checkbox', { name: /facturation identique/ }));
    const billing = screen.getByRole('group', { name: 'Adresse de facturation' });
    await user.type(within(billing).getByRole('textbox', { name: /^Adresse/ }), '4 place Bellecour');
    await user.type(within(billing).getByRole('textbox', { name: /^Code postal/ }), '69002');
    await user.type(within(billing).getByRole('textbox', { name: /^Ville/ }), 'Lyon');
    await user.click(screen.getByRole('radio', { name: 'Retrait agence' }));
    await user.click(screen.getByRole('radio', { name: 'Chèque' }));
    await user.click(screen.getByRole('checkbox', { name: /conditions générales de vente/ }));
    await user.click(screen.getByRole('button', { name: 'Valider la commande' }));
    await vi.waitFor(() =>
      expect(order?.visiteur).toEqual({
        nom: 'Jeanne',
        email: 'j@exemple.fr',
        telephone: undefined,
        facturation: { ligne1: '4 place Bellecour', ligne2: '', codePostal: '69002', ville: 'Lyon' },
      }),
    );
  });
});
