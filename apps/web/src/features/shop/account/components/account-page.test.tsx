import { screen, within } from '@testing-library/react';
import type { AccountOrderList } from '@comptoir/shared/orders/contract';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { AccountPage } from './account-page';

afterEach(() => vi.unstubAllGlobals());

const list: AccountOrderList = {
  total: 1,
  elements: [
    {
      id: 42,
      date: 1_763_800_000,
      numero: 'W2026-000001',
      refClient: 'REF-1',
      montantHT: 45,
      montantTTC: 54,
      libelleStatut: 'Commande validée web',
      libelleModeReglement: 'Carte bancaire',
      libelleStatutPaiement: 'Paiement validé',
    },
  ],
};

describe('AccountPage', () => {
  it('lists the customer’s orders with a link to their detail', async () => {
    mockFetch({ 'GET /rest/compte/mouvements': { body: list } });
    renderWithProviders(<AccountPage />);
    const table = await screen.findByRole('table', { name: 'Mes commandes' });
    const link = await within(table).findByRole('link', { name: 'Commande W2026-000001' });
    expect(link).toHaveAttribute('href', '/compte/detail-mouvement/42');
    expect(within(table).getByText('REF-1')).toBeInTheDocument();
    expect(within(table).getByText('Paiement validé')).toBeInTheDocument();
  });

  it('says when there is no order yet', async () => {
    mockFetch({ 'GET /rest/compte/mouvements': { body: { total: 0, elements: [] } } });
    renderWithProviders(<AccountPage />);
    expect(await screen.findByText('Aucune commande pour le moment')).toBeInTheDocument();
  });

  it('puts an order back in the cart and says which lines could not be', async () => {
    const message =
      "1 ligne ajoutée au panier. Non ajouté : Vieux ciment (Cet article n'est plus disponible)";
    const { fetchMock } = mockFetch({
      'GET /rest/compte/mouvements': { body: list },
      'POST /rest/compte/mouvements/42/recommander': {
        body: {
          panier: { lignes: [], totalHT: 0, totalTVA: 0, totalTTC: 0, nbLignes: 0 },
          ajoutees: 1,
          refusees: [
            { codeArticle: 'OLD', designation: 'Vieux ciment', raison: "Cet article n'est plus disponible" },
          ],
          message,
        },
      },
    });
    const { user } = renderWithProviders(<AccountPage />);
    await user.click(
      await screen.findByRole('button', { name: 'Commander à nouveau la commande W2026-000001' }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/rest/compte/mouvements/42/recommander', expect.anything());
  });
});
