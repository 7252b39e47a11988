// The order detail page through the app's routes: the shop layout, the login requirement, the page.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { NO_SESSION, type Me } from '@comptoir/shared/auth';
import type { OrderDetail } from '@comptoir/shared/orders/contract';
import { mockFetch, renderAppRoutes } from '../../../test/render';

const customer: Me = { login: 'durand', role: 'client', codeClient: 'C000001' };

const detail: OrderDetail = {
  entete: {
    id: 5,
    numero: 'W000005',
    // 2024-03-05 15:50 in Paris.
    date: 1709650200,
    dateValidationPaiement: null,
    // 2024-03-05 16:00 in Paris.
    dateExport: 1709650800,
    refClient: 'CHANTIER-LYON',
    webCdeId: 'OEC-5',
    typeWebMouvement: 'web',
    etat: 'E_LIV',
    libelleStatut: 'Commande validée web livrée',
    typePanier: 'TER',
    libelleTypePanier: 'Commande terminée',
    libelleModeReglement: 'Paiement en compte',
    codeAgence: 'LYO',
    libelleAgence: 'Lyon Gerland',
    codeClient: 'C000001',
    libelleClient: 'Durand Maçonnerie',
    adresseLivraison: {
      libelle: 'Chantier rue Garibaldi',
      ligne1: '12 rue Garibaldi',
      ligne2: null,
      codePostal: '69003',
      ville: 'Lyon',
      zone: 'Rhône',
    },
    transporteur: 'Messagerie Express',
    numeroExpedition: null,
    lienSuivi: null,
  },
  lignes: [
    {
      codeArticle: 'PARP20',
      codeDeclinaison: '',
      designation: 'Parpaing creux 20x20x50',
      chantier: 'Garibaldi',
      quantite: 120,
      unite: 'U',
      prixUnitaireHT: 1.2345,
      montantHT: 148.14,
      tauxTVA: 20,
      decoupe: null,
    },
    {
      codeArticle: 'CIM35',
      codeDeclinaison: '25KG',
      designation: 'Ciment CEM II 32,5 ; sac',
      chantier: null,
      quantite: 2.5,
      unite: 'T',
      prixUnitaireHT: 140,
      montantHT: 350,
      tauxTVA: 20,
      decoupe: null,
    },
  ],
  totaux: { montantHT: 533.14, montantTVA: 106.63, montantTTC: 639.77, fraisPort: 35 },
};

function renderAt(url: string, handlers: Parameters<typeof mockFetch>[0]) {
  const api = mockFetch({
    'GET /catalogue/categories': { body: [] },
    // The header's category menu.
    'GET /menu/activites': { body: { version: 'v1', cacheKey: '1:min', activites: [] } },
    // The header's shop access and tariff agency.
    'GET /catalogue/acces': { body: { accesAnonyme: '1', prixAnonymes: '1', commandeAnonyme: '0' } },
    'GET /rest/agence': { body: { agence: null, modifiable: false, agences: [] } },
    // The header's cart count.
    'GET /rest/panier': { body: { lignes: [], totalHT: 0, totalTVA: 0, totalTTC: 0, nbLignes: 0 } },
    ...handlers,
  });
  const router = renderAppRoutes(url);
  return { router, ...api };
}

const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe('order detail page', () => {
  it("shows the order's header, lines and amounts", async () => {
    const { fetchMock, unexpected } = renderAt('/compte/detail-mouvement/5?codeClient=C000001', {
      'GET /auth/me': { body: customer },
      'GET /rest/compte/mouvements/5': { body: detail },
      'GET /rest/compte/mouvements/5/documents': { body: [] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande W000005' })).toBeInTheDocument();
    const call = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/rest/compte/mouvements/5');
    expect(call?.search).toBe('?codeClient=C000001');

    expect(fact('N° de commande')).toBe('W000005');
    expect(fact('Date de commande')).toBe('05/03/24 15:50');
    expect(fact("Transmise à l'ERP le")).toBe('05/03/24 16:00');
    expect(screen.queryByText('Paiement validé le')).not.toBeInTheDocument();
    expect(fact('Statut')).toBe('Commande validée web livrée');
    expect(fact('Règlement')).toBe('Paiement en compteCommande terminée');
    expect(fact('Agence')).toBe('Lyon Gerland');
    expect(fact('Client')).toBe('Durand Maçonnerie (C000001)');
    expect(fact('Adresse de livraison')).toBe('Chantier rue Garibaldi12 rue Garibaldi69003 Lyon');
    expect(fact('Transporteur')).toBe('Messagerie Express');

    const lines = screen.getByRole('table', { name: 'Lignes de la commande' });
    expect(
      within(lines)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Article', 'Désignation', 'Chantier', 'Quantité', 'Prix unitaire', 'Total HT']);
    const rows = within(lines)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      );
    expect(rows).toEqual([
      [
        'PARP20',
        'Parpaing creux 20x20x50',
        'Garibaldi',
        '120 U',
        '1,2345\u00a0€ HT1,48\u00a0€ TTC',
        '148,14\u00a0€',
      ],
      [
        'CIM35.25KG',
        'Ciment CEM II 32,5 ; sac',
        '',
        '2,5 T',
        '140,00\u00a0€ HT168,00\u00a0€ TTC',
        '350,00\u00a0€',
      ],
    ]);

    expect(fact('Frais de port')).toBe('35,00\u00a0€');
    expect(fact('Montant HT')).toBe('533,14\u00a0€');
    expect(fact('TVA')).toBe('106,63\u00a0€');
    expect(fact('Montant TTC')).toBe('639,77\u00a0€');
    expect(unexpected).toEqual([]);
  });

  it("puts the order's lines back in the cart from the page and says which could not be", async () => {
    const { fetchMock } = renderAt('/compte/detail-mouvement/5', {
      'GET /auth/me': { body: customer },
      'GET /rest/compte/mouvements/5': { body: detail },
      'GET /rest/compte/mouvements/5/documents': { body: [] },
      'POST /rest/compte/mouvements/5/recommander': {
        body: {
          panier: { lignes: [], totalHT: 0, totalTVA: 0, totalTTC: 0, nbLignes: 0 },
          ajoutees: 1,
          refusees: [
            {
              codeArticle: 'CIM35',
              designation: 'Ciment CEM II 32,5 ; sac',
              raison: 'Article retiré de la vente',
            },
          ],
          message:
            '1 ligne ajoutée au panier ; non ajoutée : Ciment CEM II 32,5 ; sac (Article retiré de la vente)',
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Commander à nouveau' }));
    expect(
      await screen.findByText(
        '1 ligne ajoutée au panier ; non ajoutée : Ciment CEM II 32,5 ; sac (Article retiré de la vente)',
      ),
    ).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([input, init]) =>
          String(input) === '/rest/compte/mouvements/5/recommander' && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('offers no reorder to an administrator looking at an order', async () => {
    renderAt('/compte/detail-mouvement/5?codeClient=C000001', {
      'GET /auth/me': { body: { login: 'admin', role: 'admin', codeClient: null } },
      'GET /rest/compte/mouvements/5': { body: detail },
      'GET /rest/compte/mouvements/5/documents': { body: [] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande W000005' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Commander à nouveau' })).not.toBeInTheDocument();
  });

  it("says 'Commande introuvable' for an order the user may not see", async () => {
    renderAt('/compte/detail-mouvement/6', {
      'GET /auth/me': { body: customer },
      'GET /rest/compte/mouvements/6': { status: 404, body: { message: 'Commande introuvable' } },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Commande introuvable' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('does not ask the API for an id that cannot be an order', async () => {
    const { fetchMock } = renderAt('/compte/detail-mouvement/abc', { 'GET /auth/me': { body: customer } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Commande introuvable' }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/rest/compte/'))).toBe(false);
  });

  it('sends a visitor to the login page, with the way back', async () => {
    const { router, fetchMock } = renderAt('/compte/detail-mouvement/5?codeClient=C000001', {
      'GET /auth/me': { body: NO_SESSION },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/connexion');
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(
      '/compte/detail-mouvement/5?codeClient=C000001',
    );
    // No account data is asked for (the header's tariff agency is the shop's, not the account's).
    const calls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(calls.some((url) => url.startsWith('/rest/') && !url.startsWith('/rest/agence'))).toBe(false);
  });
});
