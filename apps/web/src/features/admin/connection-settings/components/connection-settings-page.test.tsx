import { screen, waitFor, within } from '@testing-library/react';
import type { HistoriqueResponse, ParametresConnexion } from '@comptoir/shared/connection-settings';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { ConnectionSettingsPage } from './connection-settings-page';

const SETTINGS: ParametresConnexion = {
  allowAnonymousAccess: '1',
  visiteurCodeClient: 'C000017',
  anonymousParametrages: ['ART'],
  allowAnonymousCommande: '0',
  showAnonymousPrices: '1',
  allowParAccount: '0',
  allowProAccount: '1',
  anonymousAccount: '0',
  typeClientTemporaire: null,
  activateEncoursChecking: '0',
  blockOfflinePayment: '0',
  blockOnEncoursError: '0',
  modeSelectionAgence: 'client',
  agenceDefautTarif: null,
};

const HISTORY: HistoriqueResponse = {
  total: 1,
  elements: [
    {
      id: 3,
      date: 1_795_000_000,
      login: 'marie',
      champ: 'showAnonymousPrices',
      ancienneValeur: '0',
      nouvelleValeur: '1',
    },
  ],
};

function setup(
  put: Parameters<typeof mockFetch>[0][string] = ({ init }) => ({ body: JSON.parse(String(init?.body)) }),
) {
  const sent: ParametresConnexion[] = [];
  const mock = mockFetch({
    'GET /admin/parametres/connexion': { body: SETTINGS },
    'GET /admin/parametres/connexion/historique': { body: HISTORY },
    'GET /openweb/admin/admin_liste': ({ url }) => {
      const table = url.searchParams.get('table');
      if (table === 'parametrage')
        return {
          body: [
            { VAL: 'ART', LIB: 'Artisan' },
            { VAL: 'PAR', LIB: 'Particulier' },
          ],
        };
      if (table === 'connexion')
        return {
          body: [
            { VAL: '', LIB: 'Aucune agence' },
            { VAL: 'ANN', LIB: 'Annecy' },
          ],
        };
      return { body: [{ VAL: 'C000017', LIB: 'Maçonnerie Durand' }] };
    },
    'GET /service/clients': ({ url }) => {
      const text = (url.searchParams.get('recherche') ?? '').toLowerCase();
      const all = [{ code: 'C000017', libelle: 'Maçonnerie Durand', libelle_type: 'Pro', code_type: 'PRO' }];
      return {
        body: all.filter(
          (c) => c.code.toLowerCase().startsWith(text) || c.libelle.toLowerCase().includes(text),
        ),
      };
    },
    'PUT /admin/parametres/connexion': (request) => {
      sent.push(JSON.parse(String(request.init?.body)) as ParametresConnexion);
      return typeof put === 'function' ? put(request) : put;
    },
  });
  return { ...mock, ...renderWithProviders(<ConnectionSettingsPage />), sent };
}

const flag = (name: string) => screen.getByRole('switch', { name: new RegExp(`^${name}`) });

describe('ConnectionSettingsPage', () => {
  it('shows the saved settings and disables the fields that depend on an option that is off', async () => {
    const { user } = setup();
    expect(
      await screen.findByRole('heading', { name: 'Paramètres de connexion', level: 1 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(flag('Accès anonyme')).toBeChecked());
    expect(flag('Création de compte professionnel')).toBeChecked();
    expect(await screen.findByDisplayValue('Maçonnerie Durand (C000017)')).toBeInTheDocument();
    expect(flag('Commande sans compte')).toBeEnabled();
    expect(flag("Interdire chèque et virement au-delà de l'encours")).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Profil client temporaire' })).toBeDisabled();

    await user.click(flag('Accès anonyme'));
    expect(flag('Commande sans compte')).toBeDisabled();
    expect(flag('Afficher les prix aux visiteurs anonymes')).toBeDisabled();
    await user.click(flag("Contrôle de l'encours"));
    expect(flag("Interdire chèque et virement au-delà de l'encours")).toBeEnabled();
  });

  it('finds the visitor customer by the start of its code, as by its name', async () => {
    const { user, fetchMock } = setup();
    const picker = await screen.findByRole('combobox', { name: /^Code client anonyme/ });
    await screen.findByDisplayValue('Maçonnerie Durand (C000017)');
    await user.clear(picker);
    await user.type(picker, 'c00001');
    const searched = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/service/clients')
        .map((url) => url.searchParams.get('recherche'));
    await waitFor(() => expect(searched()).toContain('c00001'));
    expect(
      await screen.findByText('Maçonnerie Durand (C000017)', { selector: '[role=option], [role=option] *' }),
    ).toBeInTheDocument();
    // A search that matches no customer says so, the chosen one notwithstanding.
    await user.clear(picker);
    await user.type(picker, 'zzz');
    await waitFor(() => expect(searched()).toContain('zzz'));
    expect(await screen.findByText('Aucun client correspondant à votre recherche')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('saves every field and says so', async () => {
    const { user, sent } = setup();
    await waitFor(() => expect(flag('Accès anonyme')).toBeChecked());
    await user.click(flag('Afficher les prix aux visiteurs anonymes'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Paramètres de connexion enregistrés')).toBeInTheDocument();
    expect(sent).toEqual([{ ...SETTINGS, showAnonymousPrices: '0' }]);
  });

  it('refuses temporary accounts without their profile before calling, and shows a refusal of the server on its field', async () => {
    const { user, sent } = setup({
      status: 400,
      body: {
        message: 'Code client « C000017 » inconnu',
        details: [{ champ: 'visiteurCodeClient', message: 'Code client « C000017 » inconnu' }],
      },
    });
    await waitFor(() => expect(flag('Accès anonyme')).toBeChecked());
    await user.click(flag('Comptes clients temporaires'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findAllByText(
        'Profil client temporaire obligatoire lorsque les comptes temporaires sont autorisés',
      ),
    ).not.toHaveLength(0);
    expect(sent).toEqual([]);

    await user.click(flag('Comptes clients temporaires'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findAllByText('Code client « C000017 » inconnu')).toHaveLength(2); // toast and field
    expect(sent).toHaveLength(1);
  });

  it('lists the history with readable values', async () => {
    setup();
    const table = await screen.findByRole('table', {
      name: 'Historique des modifications des paramètres de connexion',
    });
    const row = await within(table).findByRole('row', { name: /marie/ });
    expect(within(row).getByText('Afficher les prix aux visiteurs anonymes')).toBeInTheDocument();
    expect(within(row).getByText('Non')).toBeInTheDocument();
    expect(within(row).getByText('Oui')).toBeInTheDocument();
  });
});
