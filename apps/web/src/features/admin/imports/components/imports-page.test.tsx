import { screen, within } from '@testing-library/react';
import type { ImportList, ImportSummary } from '@comptoir/shared/imports/contract';
import { formatDate } from '@comptoir/shared/format';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { ImportsPage } from './imports-page';

afterEach(() => vi.unstubAllGlobals());

// 1 December 2026, 10:30 in Paris (09:30 UTC), in seconds as the API gives it.
const DEBUT = Date.UTC(2026, 11, 1, 9, 30) / 1000;
const job: ImportSummary = {
  id: 7,
  fichier: 'articles.csv',
  entree: 'articles.csv',
  type: 'articles',
  statut: 'ok',
  source: 'page',
  lignesTotal: 2,
  lignesTraitees: 2,
  lues: 2,
  creees: 1,
  modifiees: 1,
  inchangees: 0,
  desactivees: 0,
  rejets: 0,
  debut: DEBUT,
  fin: DEBUT + 3,
  message: null,
  encodage: 'windows-1252',
};
const list: ImportList = { enCours: [], historique: [job], total: 1 };

it('shows when each import started, read as the seconds the API gives', async () => {
  mockFetch({ 'GET /admin/importation/imports': { body: list } });
  renderWithProviders(<ImportsPage />);
  const table = await screen.findByRole('table', { name: 'Historique des imports' });
  const row = (await within(table).findByText('articles.csv')).closest('tr')!;
  expect(formatDate(DEBUT)).toBe('01/12/26 10:30');
  expect(row).toHaveTextContent('01/12/26 10:30');
});

it('says what to choose in the file field, then the chosen file’s name', async () => {
  mockFetch({ 'GET /admin/importation/imports': { body: { enCours: [], historique: [], total: 0 } } });
  const { user } = renderWithProviders(<ImportsPage />);
  const field = await screen.findByRole('button', { name: /Fichier ERP/ });
  expect(field).toHaveTextContent('Choisir un fichier…');
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File(['code;libelle'], 'familles.csv', { type: 'text/csv' }));
  expect(field).toHaveTextContent('familles.csv');
  expect(screen.getByRole('button', { name: 'Importer' })).toBeEnabled();
});

it('says in an import’s report which encoding its file was read in', async () => {
  mockFetch({
    'GET /admin/importation/imports': { body: list },
    'GET /admin/importation/imports/7': { body: { ...job, lignesRejetees: [] } },
  });
  const { user } = renderWithProviders(<ImportsPage />);
  await user.click(await screen.findByRole('button', { name: 'Voir le rapport de articles.csv' }));
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByText('Encodage : Windows-1252')).toBeInTheDocument();
});
