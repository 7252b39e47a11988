import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { QueryClient, focusManager } from '@tanstack/react-query';
import type { OrderListItem, OrderListResponse } from '@comptoir/shared/orders/contract';
import type { Agence, Client } from '@comptoir/shared/reference';
import { mockFetch, renderWithProviders, type FakeResponse } from '../../../../test/render';
import { ordersChanged } from '../../../../lib/resources/orders';
import { OrdersList } from './orders-list';

function order(id: number, overrides: Partial<OrderListItem> = {}): OrderListItem {
  return {
    id,
    // 2024-03-05 15:50 in Paris.
    date: 1709650200,
    webCdeId: `OEC-${id}`,
    refClient: `REF-${id}`,
    numero: `W${String(id).padStart(6, '0')}`,
    typeWebMouvement: 'web',
    etat: 'E_PRE',
    codeClient: 'C000001',
    codeAgence: 'LYO',
    montantHT: 1234.5,
    montantTTC: 1481.4,
    libelleModeReglement: 'Carte bancaire',
    typePanier: 'VAL',
    libelleClient: 'Durand Maçonnerie',
    libelleTypeClient: 'Professionnel',
    codeTypeClient: 'PRO',
    libelleAgence: 'Lyon Gerland',
    ...overrides,
  };
}

const twoAgencies: Agence[] = [
  { code_agence: 'GRE', libelle_agence: 'Grenoble' },
  { code_agence: 'LYO', libelle_agence: 'Lyon Gerland' },
];
const clients: Client[] = [
  { code: 'C000001', libelle: 'Durand Maçonnerie', libelle_type: 'Professionnel', code_type: 'PRO' },
  { code: 'C000002', libelle: 'Dupont Charpente', libelle_type: 'Professionnel', code_type: 'PRO' },
];

const page = (elements: OrderListItem[], total = elements.length): FakeResponse => ({
  body: { total, elements } satisfies OrderListResponse,
});

interface Setup {
  orders?: Parameters<typeof mockFetch>[0][string];
  agences?: Agence[];
  actions?: '0' | '1';
  extra?: Parameters<typeof mockFetch>[0];
  /** Holds the answers of GET /admin/commandes/fetch until it resolves. */
  ordersGate?: Promise<void>;
}

function setup({
  orders = page([order(1)]),
  agences = twoAgencies,
  actions = '1',
  extra = {},
  ordersGate,
}: Setup = {}) {
  const api = mockFetch({
    'GET /service/agences': { body: agences },
    'GET /admin/parametres/commandes': { body: { actions } },
    'GET /service/clients': ({ url }) => {
      const text = (url.searchParams.get('recherche') ?? '').toLowerCase();
      return { body: clients.filter((c) => c.libelle.toLowerCase().includes(text)) };
    },
    'GET /admin/commandes/fetch': orders,
    ...extra,
  });
  if (ordersGate) {
    const answer = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/admin/commandes/fetch')) await ordersGate;
      return answer(input, init);
    });
  }
  const rendered = renderWithProviders(<OrdersList />);
  return { ...api, ...rendered };
}

/** The query strings GET /admin/commandes/fetch was called with, in order. */
function orderQueries(fetchMock: ReturnType<typeof mockFetch>['fetchMock']) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/admin/commandes/fetch')
    .map((url) => Object.fromEntries(url.searchParams));
}

const table = () => screen.getByRole('table', { name: 'Liste des commandes' });
const columnTitles = () =>
  within(table())
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe('OrdersList', () => {
  it('searches the first page without filter on load and shows every column', async () => {
    const { fetchMock, unexpected } = setup({
      orders: page(
        [
          order(1),
          order(2, {
            typeWebMouvement: 'cde',
            etat: null,
            montantTTC: null,
            typePanier: 'AT2',
            refClient: null,
            webCdeId: null,
            libelleModeReglement: 'Virement',
          }),
        ],
        45,
      ),
    });
    expect(await screen.findByText('REF-1')).toBeInTheDocument();
    expect(orderQueries(fetchMock)).toEqual([{ page: '0', size: '20' }]);
    await waitFor(() =>
      expect(columnTitles()).toEqual([
        'Date',
        'Id OEC',
        'Référence / N° de bon',
        'Agence',
        'Client',
        'Montants',
        'Règlement',
        'Statut',
        'Actions',
      ]),
    );

    const [first, second] = within(table()).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    expect(cells(first!).slice(0, 8)).toEqual([
      '05/03/24 15:50',
      'OEC-1',
      'REF-1W000001',
      'Lyon GerlandLYO',
      'Durand Maçonnerie (C000001)Professionnel (PRO)',
      'HT 1\u202f234,50\u00a0€TTC 1\u202f481,40\u00a0€',
      'Carte bancairePaiement validé',
      'Commande validée web préparée',
    ]);
    expect(cells(second!).slice(0, 8)).toEqual([
      '05/03/24 15:50',
      '',
      '—W000002',
      'Lyon GerlandLYO',
      'Durand Maçonnerie (C000001)Professionnel (PRO)',
      'HT 1\u202f234,50\u00a0€TTC —',
      'VirementEn attente de validation du règlement',
      'Commande',
    ]);

    // 45 orders: 3 pages of 20.
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(pager).queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();
    expect(unexpected).toEqual([]);
  });

  it('sends the filters as the contract says, and keeps them when paging', async () => {
    const { fetchMock, user } = setup({ orders: page([order(1)], 60) });
    await screen.findByText('REF-1');

    await user.type(screen.getByLabelText('Référence'), '  REF-9 ');
    await user.type(screen.getByRole('combobox', { name: 'Client' }), 'dup');
    await user.click(await screen.findByRole('option', { name: 'Dupont Charpente (C000002)' }));
    await user.type(screen.getByLabelText('Entre le'), '2024-03-01');
    await user.type(screen.getByLabelText('Et le'), '2024-03-31');
    await user.click(screen.getByRole('combobox', { name: 'Agence' }));
    await user.click(screen.getByRole('option', { name: 'Grenoble' }));
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));

    const filters = {
      dateDebut: '2024-03-01',
      dateFin: '2024-03-31',
      codeClient: 'C000002',
      codeAgence: 'GRE',
      reference: 'REF-9',
    };
    await waitFor(() => expect(orderQueries(fetchMock)).toHaveLength(2));
    expect(orderQueries(fetchMock)[1]).toEqual({ page: '0', size: '20', ...filters });

    // Paging keeps the filters last searched, even if the form changed since.
    await user.clear(screen.getByLabelText('Référence'));
    await user.click(await screen.findByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(orderQueries(fetchMock)).toHaveLength(3));
    expect(orderQueries(fetchMock)[2]).toEqual({ page: '2', size: '20', ...filters });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page'),
    );

    // A new search starts again from the first page.
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(orderQueries(fetchMock)).toHaveLength(4));
    const { reference: _reference, ...withoutReference } = filters;
    expect(orderQueries(fetchMock)[3]).toEqual({ page: '0', size: '20', ...withoutReference });
  });

  it('searches again when the same filters are searched again', async () => {
    const { fetchMock, user } = setup();
    await screen.findByText('REF-1');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(orderQueries(fetchMock)).toHaveLength(2));
    expect(orderQueries(fetchMock)[1]).toEqual({ page: '0', size: '20' });
  });

  it('asks again when the administrator comes back to the tab, or another tab says orders changed', async () => {
    const { fetchMock } = setup();
    await screen.findByText('REF-1');
    expect(orderQueries(fetchMock)).toHaveLength(1);
    // The payment validated in another tab, while this one stays in front.
    expect(typeof BroadcastChannel).toBe('function');
    act(() => ordersChanged(new QueryClient()));
    await waitFor(() => expect(orderQueries(fetchMock)).toHaveLength(2));
    // Back to this tab from another one.
    try {
      act(() => {
        focusManager.setFocused(false);
        focusManager.setFocused(true);
      });
      await waitFor(() => expect(orderQueries(fetchMock)).toHaveLength(3));
    } finally {
      focusManager.setFocused(undefined);
    }
  });

  it('clears the reference with its button', async () => {
    const { user } = setup();
    const reference = screen.getByLabelText('Référence');
    expect(screen.queryByRole('button', { name: 'Effacer la référence' })).not.toBeInTheDocument();
    await user.type(reference, 'REF-1');
    await user.click(screen.getByRole('button', { name: 'Effacer la référence' }));
    expect(reference).toHaveValue('');
  });

  it('refuses a date range that ends before it starts, without searching', async () => {
    const { fetchMock, user } = setup();
    await screen.findByText('REF-1');
    await user.type(screen.getByLabelText('Entre le'), '2024-03-31');
    await user.type(screen.getByLabelText('Et le'), '2024-03-01');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByText('La date de début doit précéder la date de fin')).toBeInTheDocument();
    expect(orderQueries(fetchMock)).toHaveLength(1);
  });

  it('offers the customers the server finds, and says when there is none', async () => {
    const { fetchMock, user } = setup();
    await user.type(screen.getByRole('combobox', { name: 'Client' }), 'zzz');
    expect(await screen.findByText('Aucun client correspondant à votre recherche')).toBeInTheDocument();
    const searches = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/service/clients')
      .map((url) => Object.fromEntries(url.searchParams));
    expect(searches.at(-1)).toEqual({ recherche: 'zzz', limit: '20' });
  });

  it('says when no agency matches', async () => {
    const { user } = setup();
    await user.type(await screen.findByRole('combobox', { name: 'Agence' }), 'Marseille');
    expect(screen.getByText('Aucune agence correspondante à votre recherche')).toBeInTheDocument();
  });

  it('hides the agency picker and column with a single agency', async () => {
    setup({ agences: [twoAgencies[1]!] });
    await screen.findByText('REF-1');
    await waitFor(() => expect(columnTitles()).toContain('Actions'));
    expect(columnTitles()).not.toContain('Agence');
    expect(screen.queryByRole('combobox', { name: 'Agence' })).not.toBeInTheDocument();
  });

  it("hides the Actions column when the orders-actions setting is '0'", async () => {
    const { fetchMock } = setup({ actions: '0' });
    await screen.findByText('REF-1');
    await waitFor(() => expect(columnTitles()).toContain('Agence'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => String(input).includes('/admin/parametres/commandes')),
      ).toBe(true),
    );
    expect(columnTitles()).not.toContain('Actions');
    expect(screen.queryByRole('link', { name: /Voir la commande/ })).not.toBeInTheDocument();
  });

  it("shows 'Recherche en cours ...' on its first load", async () => {
    let release: () => void = () => {};
    const ordersGate = new Promise<void>((resolve) => (release = resolve));
    setup({ ordersGate });
    expect(await screen.findByText('Recherche en cours ...')).toBeInTheDocument();
    expect(screen.queryByText('Aucune donnée à afficher')).not.toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByText('REF-1')).toBeInTheDocument();
    expect(screen.queryByText('Recherche en cours ...')).not.toBeInTheDocument();
  });

  it("shows 'Recherche en cours ...' and disables 'Rechercher' while searching", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fetchMock } = setup();
    const answer = fetchMock.getMockImplementation()!;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/admin/commandes/fetch')) await gate;
      return answer(input, init);
    });
    // The first search was sent before the gate: search again through it.
    await screen.findByText('REF-1');
    const search = screen.getByRole('button', { name: 'Rechercher' });
    await act(async () => search.click());
    expect(await screen.findByText('Recherche en cours ...')).toBeInTheDocument();
    expect(search).toBeDisabled();
    expect(screen.queryByText('REF-1')).not.toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByText('REF-1')).toBeInTheDocument();
    expect(screen.queryByText('Recherche en cours ...')).not.toBeInTheDocument();
    expect(search).toBeEnabled();
  });

  it("says 'Aucune donnée à afficher' when nothing matches, without pagination", async () => {
    setup({ orders: page([], 0) });
    expect(await screen.findByText('Aucune donnée à afficher')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('empties the list, resets the message and toasts on a failed search', async () => {
    let fail = false;
    const { user } = setup({
      orders: () => (fail ? { status: 500, body: { message: 'Erreur critique' } } : page([order(1)], 45)),
      extra: {
        'POST /openweb/admin/admin_commandeEdite': { body: { message: 'La commande 1 a été ré-expedié' } },
      },
    });
    await screen.findByText('REF-1');
    // A message in the info area first.
    await user.click(screen.getByRole('button', { name: 'Renvoyer la commande W000001' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Renvoyer' }));
    expect(await screen.findByText('La commande 1 a été ré-expedié')).toBeInTheDocument();

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Error fetching commandes')).toBeInTheDocument();
    expect(screen.getByText('Aucune donnée à afficher')).toBeInTheDocument();
    expect(screen.queryByText('REF-1')).not.toBeInTheDocument();
    expect(screen.queryByText('Recherche en cours ...')).not.toBeInTheDocument();
    expect(screen.queryByText('La commande 1 a été ré-expedié')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rechercher' })).toBeEnabled();
  });

  it('re-exports an order after the confirmation and shows the answer above the table', async () => {
    const bodies: unknown[] = [];
    const { user } = setup({
      orders: page([order(7, { typePanier: 'TER' })]),
      extra: {
        'POST /openweb/admin/admin_commandeEdite': ({ init }) => {
          bodies.push(JSON.parse(String(init?.body)));
          return { body: { message: 'La commande 7 a été ré-expedié' } };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Renvoyer la commande W000007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renvoyer la commande' });
    expect(dialog).toHaveTextContent('Etes-vous sûr(e) de vouloir renvoyer cette commande ?');

    // Cancelling sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Renvoyer la commande W000007' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Renvoyer' }));
    expect(await screen.findByRole('status')).toHaveTextContent('La commande 7 a été ré-expedié');
    expect(bodies).toEqual([{ id: 7, action: 'EXPORT', valide: '1', export: '1' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('toasts a failed re-export', async () => {
    const { user } = setup({
      extra: {
        'POST /openweb/admin/admin_commandeEdite': {
          status: 409,
          body: { message: "La commande 1 n'est pas validée : elle n'a pas de fichier d'export" },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Renvoyer la commande W000001' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Renvoyer' }));
    expect(await screen.findByText('Error lors du renvoi de la commande')).toBeInTheDocument();
    expect(screen.queryByText(/a été ré-expedié/)).not.toBeInTheDocument();
  });

  it('offers each order the actions its payment allows', async () => {
    setup({
      orders: page([
        order(1, { typePanier: 'TER', codeClient: 'C000009' }),
        order(2, { typePanier: 'VAL' }),
        order(3, { typePanier: 'ATT' }),
        order(4, { typePanier: 'AT2' }),
      ]),
    });
    const view = await screen.findByRole('link', { name: /^Voir la commande W000001/ });
    expect(view).toHaveAttribute('href', '/compte/detail-mouvement/1?codeClient=C000009');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener');

    // Validated orders: re-export and download, a real form POST with the hidden fields.
    for (const numero of ['W000001', 'W000002']) {
      expect(screen.getByRole('button', { name: `Renvoyer la commande ${numero}` })).toBeInTheDocument();
      const download = screen.getByRole('button', {
        name: `Télécharger le fichier de la commande ${numero}`,
      });
      expect(download).toHaveAttribute('type', 'submit');
      const form = download.closest('form')!;
      expect(form).toHaveAttribute('method', 'post');
      expect(form).toHaveAttribute('action', '/openweb/admin/admin_commandeEdite');
      expect(Object.fromEntries(new FormData(form))).toEqual({
        id: numero === 'W000001' ? '1' : '2',
        action: 'EXPORT',
        valide: '1',
      });
      expect(screen.queryByRole('link', { name: new RegExp(`^Valider le paiement ${numero}`) })).toBeNull();
    }
    // Orders awaiting payment: the validation page in a new tab, and nothing to export.
    for (const numero of ['W000003', 'W000004']) {
      const validate = screen.getByRole('link', { name: new RegExp(`^Valider le paiement ${numero}`) });
      expect(validate).toHaveAttribute('href', `/openweb/admin/admin_commandeValideReglement?id=${numero}`);
      expect(validate).toHaveAttribute('target', '_blank');
      expect(screen.queryByRole('button', { name: `Renvoyer la commande ${numero}` })).toBeNull();
      expect(
        screen.queryByRole('button', { name: `Télécharger le fichier de la commande ${numero}` }),
      ).toBeNull();
    }
  });
});
