import { screen, within } from '@testing-library/react';
import type { SelectionModel } from '@comptoir/shared/selection-models';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { SelectionModelEditor } from './selection-model-editor';

afterEach(() => vi.unstubAllGlobals());

const model: SelectionModel = {
  id: 4,
  nom: 'Promo chantier',
  selection: { famille: [], article: [{ code: 'CIM', libelle: 'Ciment 35 kg', type: 'article' }] },
};

function setup() {
  const deletes: string[] = [];
  const onClose = vi.fn();
  mockFetch({
    'GET /service/planVente/rootCategories': { body: [] },
    'DELETE /admin/selectionModele/delete': ({ url }) => {
      deletes.push(url.searchParams.get('id') ?? '');
      return { body: { message: 'Modèle supprimé' } };
    },
  });
  const rendered = renderWithProviders(<SelectionModelEditor model={model} onClose={onClose} />);
  return { ...rendered, deletes, onClose };
}

it('asks before deleting the model, and deletes nothing when Annuler is chosen', async () => {
  const { user, deletes, onClose } = setup();
  await user.click(await screen.findByRole('button', { name: 'Suppression du modèle' }));
  const confirm = await screen.findByRole('dialog', { name: 'Supprimer le modèle de sélection' });
  expect(confirm).toHaveTextContent(
    'Supprimer le modèle « Promo chantier » ? Cette suppression est définitive.',
  );
  await user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
  expect(deletes).toEqual([]);
  expect(onClose).not.toHaveBeenCalled();
  expect(screen.getByRole('dialog', { name: 'Modèle de sélection' })).toBeInTheDocument();
});

it('deletes the model once confirmed, then closes', async () => {
  const { user, deletes, onClose } = setup();
  await user.click(await screen.findByRole('button', { name: 'Suppression du modèle' }));
  const confirm = await screen.findByRole('dialog', { name: 'Supprimer le modèle de sélection' });
  await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
  await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(deletes).toEqual(['4']);
});
