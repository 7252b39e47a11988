import { screen, waitFor } from '@testing-library/react';
import type { Cart } from '@comptoir/shared/cart';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { SiteTagWidget } from './site-tag-widget';

const emptyCart: Cart = { lignes: [], totalHT: 0, totalTVA: 0, totalTTC: 0, nbLignes: 0 };

afterEach(() => vi.unstubAllGlobals());

function setup(tag: string | null = null) {
  const posted: unknown[] = [];
  const api = mockFetch({
    'POST /tag/chantier/': ({ init }) => {
      const body = JSON.parse(String(init?.body)) as { id: number; tagName: string };
      posted.push(body);
      return { body: { tagName: body.tagName } };
    },
    'GET /rest/panier': { body: emptyCart },
  });
  const view = renderWithProviders(
    <SiteTagWidget lineId={7} designation="Ciment 35 kg" tag={tag} tags={['Atelier', 'Villa Dupont']} />,
  );
  return { ...view, posted, api };
}

describe('SiteTagWidget', () => {
  it('lists the customer’s tags and tags the line with the one chosen', async () => {
    const { user, posted } = setup();
    const select = screen.getByRole('combobox', { name: 'Chantier : Ciment 35 kg' });
    expect(select).toHaveValue('');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Aucun chantier',
      'Atelier',
      'Villa Dupont',
    ]);
    await user.selectOptions(select, 'Atelier');
    await waitFor(() => expect(posted).toEqual([{ id: 7, tagName: 'Atelier' }]));
  });

  it('removes the tag with « Aucun chantier »', async () => {
    const { user, posted } = setup('Atelier');
    const select = screen.getByRole('combobox', { name: 'Chantier : Ciment 35 kg' });
    expect(select).toHaveValue('Atelier');
    await user.selectOptions(select, '');
    await waitFor(() => expect(posted).toEqual([{ id: 7, tagName: '' }]));
  });

  it('toggles to the add view; adding tags the line and returns to the select view', async () => {
    const { user, posted } = setup();
    await user.click(screen.getByRole('button', { name: 'Nouveau chantier : Ciment 35 kg' }));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Nom du nouveau chantier : Ciment 35 kg' });
    expect(screen.getByRole('button', { name: 'Ajouter' })).toBeDisabled();
    await user.type(name, '  Maison Martin ');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(posted).toEqual([{ id: 7, tagName: 'Maison Martin' }]));
    expect(await screen.findByRole('combobox', { name: 'Chantier : Ciment 35 kg' })).toBeInTheDocument();
  });

  it('goes back to the select view with Annuler, sending nothing', async () => {
    const { user, posted } = setup();
    await user.click(screen.getByRole('button', { name: 'Nouveau chantier : Ciment 35 kg' }));
    await user.type(screen.getByRole('textbox'), 'Brouillon');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.getByRole('combobox')).toHaveValue('');
    expect(posted).toEqual([]);
  });

  it('only logs a failure, keeping the line’s tag', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'POST /tag/chantier/': { status: 500, body: { message: 'Erreur critique' } } });
    const { user } = renderWithProviders(
      <SiteTagWidget
        lineId={7}
        designation="Ciment 35 kg"
        tag="Atelier"
        tags={['Atelier', 'Villa Dupont']}
      />,
    );
    await user.selectOptions(screen.getByRole('combobox'), 'Villa Dupont');
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.getByRole('combobox')).toHaveValue('Atelier');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    error.mockRestore();
  });
});
