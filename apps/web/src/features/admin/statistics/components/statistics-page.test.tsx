import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { Agence } from '@comptoir/shared/reference';
import type { StatisticsRow } from '@comptoir/shared/statistics';
import { mockFetch, renderWithProviders, type FakeResponse } from '../../../../test/render';
import { StatisticsPage } from './statistics-page';

const agencies: Agence[] = [
  { code_agence: 'GRE', libelle_agence: 'Grenoble' },
  { code_agence: 'LYO', libelle_agence: 'Lyon Gerland' },
];
const row = (day: string, commandes: number): StatisticsRow => ({
  code: day,
  libelle: day.split('-').reverse().join('/'),
  connexions: 0,
  commandes,
  ca: 0,
  camoyen: 0,
  premiereco: 0,
});

function setup(statistics: FakeResponse, agences = agencies) {
  const api = mockFetch({
    'GET /service/agences': { body: agences },
    'GET /service/typesClient': { body: [{ VAL: 'PRO', LIB: 'Professionnel' }] },
    'GET /service/clients': { body: [] },
    'GET /admin/statistiques/fetch': statistics,
  });
  renderWithProviders(<StatisticsPage />);
  return api;
}

const statisticsCalls = (fetchMock: ReturnType<typeof mockFetch>['fetchMock']) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/admin/statistiques/fetch');

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe('StatisticsPage', () => {
  it('searches every agency for the last 30 days by day once the lists are loaded', async () => {
    const { fetchMock, unexpected } = setup({ body: [row('2026-11-18', 0)] });
    await waitFor(() => expect(statisticsCalls(fetchMock)).toHaveLength(1));
    const [url] = statisticsCalls(fetchMock);
    expect(url!.searchParams.getAll('agences[]')).toEqual(['GRE', 'LYO']);
    expect(url!.searchParams.get('echelle')).toBe('jour');
    expect(await screen.findByRole('table', { name: 'Tableau de données' })).toBeInTheDocument();
    // Every figure is zero: no chart, the table's panel only.
    expect(screen.getByRole('region', { name: 'Tableau de données' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Graphique' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Valider' })).toBeEnabled();
    expect(unexpected).toEqual([]);
  });

  it('hides the agencies with a single agency and sends none', async () => {
    const { fetchMock } = setup({ body: [row('2026-11-18', 1)] }, [agencies[0]!]);
    await waitFor(() => expect(statisticsCalls(fetchMock)).toHaveLength(1));
    expect(statisticsCalls(fetchMock)[0]!.searchParams.getAll('agences[]')).toEqual([]);
    expect(screen.queryByText('Agences')).toBeNull();
  });

  it('says under an emptied date that it is required, in French words, and sends nothing', async () => {
    const { fetchMock } = setup({ body: [row('2026-11-18', 1)] });
    await waitFor(() => expect(statisticsCalls(fetchMock)).toHaveLength(1));
    const from = screen.getByLabelText(/^Du/);
    fireEvent.change(from, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Date de début obligatoire')).toBeInTheDocument();
    expect(screen.queryByText(/dateDebut/)).toBeNull();
    expect(statisticsCalls(fetchMock)).toHaveLength(1);
  });

  it("toasts 'Error fetching statistiques' when the search fails", async () => {
    setup({ status: 500, body: { message: 'Erreur critique' } });
    expect(await screen.findByText('Error fetching statistiques')).toBeInTheDocument();
  });
});
