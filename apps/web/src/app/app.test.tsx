// The app as a whole, routes and layouts included, against a fake API.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { notifications } from '@mantine/notifications';
import type { AdminHomeFigures } from '@comptoir/shared/admin-home';
import type { Categorie } from '@comptoir/shared/catalogue';
import { NO_SESSION, type Me } from '@comptoir/shared/auth';
import type { MenuActivities } from '@comptoir/shared/menu';
import { mockFetch, type FakeResponse, renderAppRoutes } from '../test/render';

const admin: Me = { login: 'admin', role: 'admin', codeClient: null };
const customer: Me = { login: 'durand', role: 'client', codeClient: 'C001' };
const figures: AdminHomeFigures = {
  commandesDuJour: 12,
  paiementsAValider: 3,
  clients: 1250,
  articles: 2480,
  connexionsDuJour: 57,
};
const categories: Categorie[] = [
  { code: 'GO', libelle: 'Gros œuvre', lien: '/catalogue/GO', nbArticles: 1234 },
  { code: 'OU', libelle: 'Outillage', lien: '/catalogue/OU', nbArticles: 1 },
];
const menu: MenuActivities = {
  version: 'v1',
  cacheKey: '1:min',
  activites: [{ code: 'GO', libelle: 'Gros œuvre' }],
};
const notLoggedIn: FakeResponse = { status: 401, body: { message: 'Veuillez vous connecter' } };
const noSession: FakeResponse = { body: NO_SESSION };

function renderApp(url: string, handlers: Parameters<typeof mockFetch>[0]) {
  const api = mockFetch({
    'GET /catalogue/categories': { body: categories },
    'GET /menu/activites': { body: menu },
    ...handlers,
  });
  const router = renderAppRoutes(url);
  return { router, api, user: userEvent.setup() };
}

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe('back office', () => {
  it('sends a visitor to the login page, then back to the admin home once logged in', async () => {
    let session: Me | null = null;
    const { router, user } = renderApp('/openweb/admin/admin_accueil', {
      'GET /auth/me': () => (session ? { body: session } : noSession),
      'POST /auth/login': ({ init }) => {
        const { login, password } = JSON.parse(String(init?.body)) as { login: string; password: string };
        if (login !== 'admin' || password !== 'secret')
          return { status: 401, body: { message: 'Identifiant ou mot de passe incorrect' } };
        session = admin;
        return { body: admin };
      },
      'GET /admin/accueil': () => (session ? { body: figures } : notLoggedIn),
      'GET /admin/accueil/alertes': { body: { alertes: [] } },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/connexion');
    expect(router.state.location.search).toBe('?redirectTo=%2Fopenweb%2Fadmin%2Fadmin_accueil');

    // Empty fields: the shared schema's messages, and nothing sent.
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(screen.getByText('Identifiant obligatoire')).toBeInTheDocument();
    expect(screen.getByText('Mot de passe obligatoire')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Identifiant/), 'admin');
    await user.type(screen.getByLabelText(/Mot de passe/), 'faux');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Identifiant ou mot de passe incorrect');

    await user.clear(screen.getByLabelText(/Mot de passe/));
    await user.type(screen.getByLabelText(/Mot de passe/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Accueil' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/openweb/admin/admin_accueil');
    expect(screen.getByRole('banner')).toHaveTextContent('Comptoir — Administration');
    expect(screen.getByRole('main')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: "Écrans d'administration" });
    expect(within(nav).getByRole('link', { name: 'Accueil' })).toHaveAttribute('aria-current', 'page');

    // Live figures, once loaded (the tiles show their labels while the figures load).
    const figuresList = (await screen.findByText('Connexions du jour')).closest('dl')!;
    await waitFor(() => expect(figuresList).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByText('Connexions du jour').nextElementSibling).toHaveTextContent('57');
    expect(screen.getByText('Clients').nextElementSibling!.textContent).toBe('1\u202f250');
    expect(screen.getByText('Paiements à valider').nextElementSibling).toHaveTextContent('3');
  });

  it('refuses a customer session', async () => {
    renderApp('/openweb/admin/admin_accueil', { 'GET /auth/me': { body: customer } });
    expect(await screen.findByText('Accès réservé aux administrateurs')).toBeInTheDocument();
    expect(screen.queryByText('Comptoir — Administration')).not.toBeInTheDocument();
  });

  it('logs out to the login page', async () => {
    let session: Me | null = admin;
    const { router, user } = renderApp('/openweb/admin/admin_accueil', {
      'GET /auth/me': () => (session ? { body: session } : noSession),
      'GET /admin/accueil': { body: figures },
      'GET /admin/accueil/alertes': { body: { alertes: [] } },
      'POST /auth/logout': () => {
        session = null;
        return { status: 204 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/connexion');
  });

  it('goes back to the login page when the session ends (any 401)', async () => {
    const { router } = renderApp('/openweb/admin/admin_accueil', {
      'GET /auth/me': { body: admin },
      'GET /admin/accueil': notLoggedIn,
      'GET /admin/accueil/alertes': { body: { alertes: [] } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirectTo=%2Fopenweb%2Fadmin%2Fadmin_accueil');
  });

  it("shows the API's message when the figures cannot be loaded", async () => {
    renderApp('/openweb/admin/admin_accueil', {
      'GET /auth/me': { body: admin },
      'GET /admin/accueil': { status: 500, body: { message: 'Erreur critique' } },
      'GET /admin/accueil/alertes': { body: { alertes: [] } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur critique');
  });

  it('answers an unknown back-office page inside the back office', async () => {
    renderApp('/openweb/admin/admin_inconnu', { 'GET /auth/me': { body: admin } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Comptoir — Administration');
  });
});

describe('storefront', () => {
  it('shows the root categories with their article counts on the home page', async () => {
    renderApp('/', { 'GET /auth/me': noSession });
    const main = await screen.findByRole('main');
    const link = await within(main).findByRole('link', { name: /Gros œuvre/ });
    expect(link).toHaveAttribute('href', '/catalogue/GO');
    expect(link.textContent).toBe('Gros œuvre1\u202f234 articles');
    expect(within(main).getByRole('link', { name: /Outillage/ })).toHaveTextContent('1 article');
    // The header: name, category menu, cart, login.
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Comptoir' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('navigation', { name: 'Catégories' })).toHaveTextContent('Gros œuvre');
    expect(within(header).getByRole('link', { name: 'Panier (0 article)' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/connexion?redirectTo=%2F',
    );
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('offers the back office to a logged-in administrator', async () => {
    const { user } = renderApp('/', { 'GET /auth/me': { body: admin } });
    // The user's menu is loaded once someone is logged in: its button is drawn before it can open.
    await user.click(await screen.findByRole('button', { name: 'admin', expanded: false }));
    expect(await screen.findByRole('menuitem', { name: 'Administration' })).toHaveAttribute(
      'href',
      '/openweb/admin/admin_accueil',
    );
  });

  it("toasts 'Error fetching root categories' when they cannot be loaded", async () => {
    renderApp('/', {
      'GET /auth/me': noSession,
      'GET /catalogue/categories': { status: 500, body: { message: 'Erreur critique' } },
    });
    expect(await screen.findByText('Error fetching root categories')).toBeInTheDocument();
  });

  it("answers an unknown address with 'Page introuvable'", async () => {
    renderApp('/nulle-part', { 'GET /auth/me': noSession });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page introuvable — Comptoir'));
  });

  it('sends a customer back to the storefront after logging in', async () => {
    const { router, user } = renderApp('/connexion', {
      'GET /auth/me': noSession,
      'POST /auth/login': { body: customer },
    });
    await user.type(await screen.findByLabelText(/Identifiant/), 'durand');
    await user.type(screen.getByLabelText(/Mot de passe/), 'motdepasse');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: 'durand' })).toBeInTheDocument();
  });

  it('never follows a return URL that leaves the site', async () => {
    const { router, user } = renderApp('/connexion?redirectTo=//evil.example', {
      'GET /auth/me': noSession,
      'POST /auth/login': { body: admin },
    });
    await user.type(await screen.findByLabelText(/Identifiant/), 'admin');
    await user.type(screen.getByLabelText(/Mot de passe/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/openweb/admin/admin_accueil'));
  });
});
