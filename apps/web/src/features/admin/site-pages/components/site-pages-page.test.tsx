import { screen } from '@testing-library/react';
import type { SitePageEdit } from '@comptoir/shared/site-pages';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { SitePagesPage } from './site-pages-page';

afterEach(() => vi.unstubAllGlobals());

const edit = (page: SitePageEdit['page'], versions: SitePageEdit['versions']): SitePageEdit => ({
  page,
  titre: page === 'cgv' ? 'Conditions générales de vente' : 'Mentions légales',
  markdown: `Texte ${page}`,
  versions,
});

describe('SitePagesPage', () => {
  it('edits a page, previews it as the server draws it, and saves a new version', async () => {
    let saved: unknown = null;
    mockFetch({
      'GET /admin/pages/cgv': { body: edit('cgv', [{ version: 1, date: 1_796_169_600, login: null }]) },
      'GET /admin/pages/mentions-legales': { body: edit('mentions-legales', []) },
      'POST /admin/pages/apercu': { body: { html: '<h2>Éditeur</h2>' } },
      'PUT /admin/pages/mentions-legales': ({ init }) => {
        saved = JSON.parse(String(init?.body));
        return {
          body: {
            ...edit('mentions-legales', [{ version: 1, date: 1_796_169_700, login: 'admin' }]),
            message: 'Page « Mentions légales » enregistrée : version 1',
          },
        };
      },
    });
    const { user } = renderWithProviders(<SitePagesPage />);
    expect(await screen.findByRole('textbox', { name: /Texte \(Markdown\)/ })).toHaveValue('Texte cgv');
    expect(screen.getByText('Texte par défaut')).toBeInTheDocument();

    await user.click(screen.getByText('Mentions légales'));
    const text = await screen.findByRole('textbox', { name: /Texte \(Markdown\)/ });
    await vi.waitFor(() => expect(text).toHaveValue('Texte mentions-legales'));
    expect(screen.getByText(/Aucune version enregistrée/)).toBeInTheDocument();
    await user.clear(text);
    await user.type(text, '## Éditeur');
    await user.click(screen.getByRole('button', { name: 'Aperçu' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Éditeur' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(saved).toEqual({ markdown: '## Éditeur' }));
    expect(await screen.findByRole('cell', { name: 'admin' })).toBeInTheDocument();
  });
});
