import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { PaymentValidation } from '@comptoir/shared/orders/contract';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { PaymentValidationPage } from './payment-validation';

function order(overrides: Partial<PaymentValidation> = {}): PaymentValidation {
  return {
    id: 42,
    numero: 'W000042',
    // 2024-03-05 15:50 in Paris.
    date: 1709650200,
    refClient: 'CHANTIER-DUPONT',
    webCdeId: 'OEC-42',
    codeClient: 'C000002',
    libelleClient: 'Dupont Charpente',
    codeAgence: 'LYO',
    libelleAgence: 'Lyon Gerland',
    montantHT: 1000,
    montantTVA: 200,
    montantTTC: 1200,
    fraisPort: 35.5,
    libelleModeReglement: 'Virement bancaire',
    typePanier: 'AT2',
    libelleTypePanier: 'En attente de validation du règlement',
    validable: true,
    valideePar: null,
    valideeLe: null,
    ...overrides,
  };
}

/** The value shown under a label of the page. */
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe('PaymentValidationPage', () => {
  it('shows the order, then confirms its payment after a question', async () => {
    const posted: unknown[] = [];
    const { fetchMock } = mockFetch({
      'GET /admin/commandes/reglement': { body: order() },
      'POST /openweb/admin/admin_commandeValideReglement': ({ init }) => {
        posted.push(JSON.parse(String(init?.body)));
        return {
          body: {
            message: 'Le paiement de la commande W000042 a été validé',
            commande: order({
              typePanier: 'VAL',
              libelleTypePanier: 'Paiement validé',
              validable: false,
              valideePar: 'admin',
              // 2024-03-06 09:15 in Paris.
              valideeLe: 1709712900,
            }),
          },
        };
      },
    });
    const { user } = renderWithProviders(<PaymentValidationPage id="W000042" />);

    const button = await screen.findByRole('button', { name: 'Confirmer la réception du paiement' });
    expect(new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost').search).toBe('?id=W000042');
    expect(fact('N° de commande')).toBe('W000042');
    expect(fact('Date')).toBe('05/03/24 15:50');
    expect(fact('Client')).toBe('Dupont Charpente (C000002)');
    expect(fact('Agence')).toBe('Lyon Gerland (LYO)');
    expect(fact('Montant HT')).toBe('1\u202f000,00\u00a0€');
    expect(fact('TVA')).toBe('200,00\u00a0€');
    expect(fact('Montant TTC')).toBe('1\u202f200,00\u00a0€');
    expect(fact('Frais de port')).toBe('35,50\u00a0€');
    expect(fact('Mode de règlement')).toBe('Virement bancaire');
    expect(fact('État du paiement')).toBe('En attente de validation du règlement');

    // The question can be declined.
    await user.click(button);
    let dialog = await screen.findByRole('dialog', { name: 'Confirmer la réception du paiement' });
    expect(dialog).toHaveTextContent('Confirmez-vous avoir reçu le paiement de la commande W000042 ?');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual([]);

    await user.click(button);
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Le paiement de la commande W000042 a été validé',
    );
    expect(posted).toEqual([{ numero: 'W000042' }]);
    expect(fact('État du paiement')).toBe('Paiement validé');
    expect(fact('Validé par')).toBe('admin le 06/03/24 09:15');
    expect(
      screen.queryByRole('button', { name: 'Confirmer la réception du paiement' }),
    ).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says why a finished order cannot be validated, with no button', async () => {
    mockFetch({
      'GET /admin/commandes/reglement': {
        body: order({ typePanier: 'TER', libelleTypePanier: 'Commande terminée', validable: false }),
      },
    });
    renderWithProviders(<PaymentValidationPage id="W000042" />);
    expect(
      await screen.findByText(
        'Le paiement de la commande W000042 ne peut pas être validé : Commande terminée',
      ),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Confirmer la réception du paiement' }),
    ).not.toBeInTheDocument();
  });

  it('says when the payment was already validated, by whom and when', async () => {
    mockFetch({
      'GET /admin/commandes/reglement': {
        body: order({
          typePanier: 'VAL',
          libelleTypePanier: 'Paiement validé',
          validable: false,
          valideePar: 'compta',
          valideeLe: 1709712900,
        }),
      },
    });
    renderWithProviders(<PaymentValidationPage id="W000042" />);
    expect(await screen.findByText('Le paiement de cette commande a déjà été validé')).toBeInTheDocument();
    expect(fact('Validé par')).toBe('compta le 06/03/24 09:15');
    expect(
      screen.queryByRole('button', { name: 'Confirmer la réception du paiement' }),
    ).not.toBeInTheDocument();
  });

  it("shows the API's message for an unknown numero", async () => {
    mockFetch({
      'GET /admin/commandes/reglement': {
        status: 404,
        body: { message: 'Aucune commande ne porte le numéro W999999' },
      },
    });
    renderWithProviders(<PaymentValidationPage id="W999999" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Aucune commande ne porte le numéro W999999');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('asks nothing of the API without a numero', () => {
    const { fetchMock } = mockFetch({});
    renderWithProviders(<PaymentValidationPage id={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('id : numéro de commande attendu');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("toasts a refused confirmation and shows the order's current state", async () => {
    let validated = false;
    mockFetch({
      'GET /admin/commandes/reglement': () => ({
        body: validated
          ? order({
              typePanier: 'VAL',
              libelleTypePanier: 'Paiement validé',
              validable: false,
              valideePar: 'compta',
            })
          : order(),
      }),
      'POST /openweb/admin/admin_commandeValideReglement': () => {
        // Another administrator was quicker.
        validated = true;
        return {
          status: 409,
          body: { message: 'Le paiement de la commande W000042 ne peut pas être validé : Paiement validé' },
        };
      },
    });
    const { user } = renderWithProviders(<PaymentValidationPage id="W000042" />);
    await user.click(await screen.findByRole('button', { name: 'Confirmer la réception du paiement' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmer' }));
    expect(
      await screen.findByText('Le paiement de la commande W000042 ne peut pas être validé : Paiement validé'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Le paiement de cette commande a déjà été validé')).toBeInTheDocument();
    expect(fact('Validé par')).toBe('compta');
  });
});
