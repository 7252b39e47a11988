import { screen } from '@testing-library/react';
import type { ArticlesResponse } from '@comptoir/shared/groupings';
import { mockFetch, renderWithProviders } from '../../test/render';
import { ArticlePicker } from './article-picker';

afterEach(() => vi.unstubAllGlobals());

const answer: ArticlesResponse = {
  list: [
    {
      codeArticle: 'P1',
      codeDeclinaison: null,
      designation1: 'Porte pin',
      codeFamille: 'MEN',
      regroupement: null,
    },
    {
      codeArticle: 'P2',
      codeDeclinaison: null,
      designation1: 'Porte chêne',
      codeFamille: 'MEN',
      regroupement: { id: 9, titre: 'Portes chêne' },
    },
    {
      codeArticle: 'P3',
      codeDeclinaison: null,
      designation1: 'Porte hêtre',
      codeFamille: 'MEN',
      regroupement: { id: 4, titre: 'Portes hêtre' },
    },
  ],
  pages: 1,
};

function renderPicker(groupingId: number | null | undefined) {
  mockFetch({
    'GET /service/planVente/rootCategories': { body: [] },
    'GET /service/articles': { body: answer },
  });
  return renderWithProviders(
    <ArticlePicker opened initial={[]} onConfirm={() => null} onClose={() => {}} groupingId={groupingId} />,
  );
}

it('shows the articles of another grouping as taken, with its title, and not selectable', async () => {
  const { user } = renderPicker(4);
  await user.type(screen.getByRole('textbox', { name: 'Rechercher un article' }), 'porte');
  const taken = await screen.findByRole('checkbox', { name: /Porte chêne \(P2\)/ });
  expect(taken).toBeDisabled();
  expect(screen.getByText('Déjà dans le regroupement « Portes chêne »')).toBeInTheDocument();
  // Its own grouping's article and a free one can be chosen.
  expect(screen.getByRole('checkbox', { name: /Porte hêtre \(P3\)/ })).toBeEnabled();
  expect(screen.getByRole('checkbox', { name: /Porte pin \(P1\)/ })).toBeEnabled();
  expect(screen.queryByText(/Portes hêtre/)).not.toBeInTheDocument();
});

it('lets any article be chosen outside a grouping', async () => {
  const { user } = renderPicker(undefined);
  await user.type(screen.getByRole('textbox', { name: 'Rechercher un article' }), 'porte');
  expect(await screen.findByRole('checkbox', { name: /Porte chêne \(P2\)/ })).toBeEnabled();
  expect(screen.queryByText(/Déjà dans le regroupement/)).not.toBeInTheDocument();
});
