// One entry in admin-screens.ts is enough for a screen to be routed, guarded, in the navigation and on
// the home page: checked with an extra screen added to the list.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_SESSION } from '@comptoir/shared/auth';
import type { AdminHomeFigures } from '@comptoir/shared/admin-home';
import { mockFetch, renderAppRoutes } from '../test/render';
import type * as AdminScreensModule from './admin-screens';
import type { AdminScreen } from './admin-screens';

vi.mock('./admin-screens', async (importOriginal) => {
  const original = await importOriginal<typeof AdminScreensModule>();
  const extra: AdminScreen[] = [
    {
      path: '/openweb/admin/admin_essai',
      href: '/openweb/admin/admin_essai',
      label: 'Transporteurs',
      description: 'Gérez vos transporteurs.',
      load: async () => ({ Component: () => <h1>Gérez vos transporteurs</h1> }),
    },
    {
      path: '/openweb/admin/admin_cache',
      href: '/openweb/admin/admin_cache',
      label: 'Validation du règlement',
      description: 'Ouverte depuis la liste des commandes.',
      load: async () => ({ Component: () => <h1>Validation du règlement</h1> }),
      inNavigation: false,
    },
  ];
  // The home's own entry, loaded from here so that the home module sees this mocked list (a module
  // reached through importOriginal would keep seeing the original one).
  const adminHome: AdminScreen = { ...original.adminHome, load: () => import('./routes/admin/home') };
  const adminScreens = [adminHome, ...extra];
  return {
    ...original,
    adminHome,
    adminScreens,
    navigationScreens: () => adminScreens.filter((s) => s.inNavigation !== false),
  };
});

const figures: AdminHomeFigures = {
  commandesDuJour: 0,
  paiementsAValider: 0,
  clients: 0,
  articles: 0,
  connexionsDuJour: 0,
};

function renderAt(url: string, loggedIn = true) {
  mockFetch({
    'GET /auth/me': loggedIn
      ? { body: { login: 'admin', role: 'admin', codeClient: null } }
      : { body: NO_SESSION },
    'GET /admin/accueil': { body: figures },
    'GET /admin/accueil/alertes': { body: { alertes: [] } },
  });
  const router = renderAppRoutes(url);
  return { router, user: userEvent.setup() };
}

afterEach(() => vi.unstubAllGlobals());

it('puts a new screen in the navigation, on the home page and in the router', async () => {
  const { router, user } = renderAt('/openweb/admin/admin_accueil');
  const main = await screen.findByRole('main');
  const card = await within(main).findByRole('link', { name: /Transporteurs/ });
  expect(card).toHaveTextContent('Gérez vos transporteurs.');
  const nav = screen.getByRole('navigation', { name: "Écrans d'administration" });
  expect(
    within(nav)
      .getAllByRole('link')
      .map((l) => l.textContent),
  ).toEqual(['Accueil', 'Transporteurs']);

  await user.click(card);
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Gérez vos transporteurs' }),
  ).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/openweb/admin/admin_essai');
  expect(within(nav).getByRole('link', { name: 'Transporteurs' })).toHaveAttribute('aria-current', 'page');
});

it('routes a page kept out of the navigation, behind the same guard', async () => {
  renderAt('/openweb/admin/admin_cache');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Validation du règlement' }),
  ).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Validation du règlement' })).not.toBeInTheDocument();
});

it('sends a visitor of a new screen to the login page', async () => {
  const { router } = renderAt('/openweb/admin/admin_essai', false);
  expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
  expect(router.state.location.search).toBe('?redirectTo=%2Fopenweb%2Fadmin%2Fadmin_essai');
});
