import { screen, within } from '@testing-library/react';
import type { SitePageAnswer } from '@comptoir/shared/site-pages';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { SitePageView } from './site-page';

afterEach(() => vi.unstubAllGlobals());

const answer = (overrides: Partial<SitePageAnswer>): SitePageAnswer => ({
  page: 'cgv',
  titre: 'Conditions générales de vente',
  html: '<h2>Article 1</h2>\n<p>Texte.</p>\n',
  version: 2,
  date: 1_796_169_600,
  agences: [],
  ...overrides,
});

describe('SitePageView', () => {
  it('shows the CGV’s title, version and the server’s text', async () => {
    mockFetch({ 'GET /rest/pages/cgv': { body: answer({}) } });
    renderWithProviders(<SitePageView page="cgv" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Article 1' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Conditions générales de vente' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Version 2 du /)).toBeInTheDocument();
  });

  it('shows the contact page’s agencies with their phone and opening hours', async () => {
    mockFetch({
      'GET /rest/pages/contact': {
        body: answer({
          page: 'contact',
          titre: 'Contact',
          html: '<p>Écrivez-nous.</p>\n',
          agences: [
            {
              code: 'LYO',
              libelle: 'Lyon Gerland',
              adresse: '12 avenue Tony Garnier',
              codePostal: '69007',
              ville: 'Lyon',
              telephone: '04 78 61 20 30',
              horaires: 'Lundi au vendredi : 7 h – 17 h',
            },
            {
              code: 'GRE',
              libelle: 'Grenoble',
              adresse: null,
              codePostal: null,
              ville: null,
              telephone: null,
              horaires: null,
            },
          ],
        }),
      },
    });
    renderWithProviders(<SitePageView page="contact" />);
    const lyon = (await screen.findByRole('heading', { level: 3, name: 'Lyon Gerland' })).closest('li')!;
    expect(within(lyon).getByRole('link', { name: '04 78 61 20 30' })).toHaveAttribute(
      'href',
      'tel:0478612030',
    );
    expect(within(lyon).getByText('Horaires : Lundi au vendredi : 7 h – 17 h')).toBeInTheDocument();
    const grenoble = screen.getByRole('heading', { level: 3, name: 'Grenoble' }).closest('li')!;
    expect(within(grenoble).getByText('Horaires : contactez l’agence')).toBeInTheDocument();
    // No version line on the other pages.
    expect(screen.queryByText(/^Version /)).not.toBeInTheDocument();
  });

  it('says when a page has no text yet', async () => {
    mockFetch({
      'GET /rest/pages/mentions-legales': {
        body: answer({ page: 'mentions-legales', html: '', version: null, date: null }),
      },
    });
    renderWithProviders(<SitePageView page="mentions-legales" />);
    expect(await screen.findByText(/pas encore rédigé/)).toBeInTheDocument();
  });
});
