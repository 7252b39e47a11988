import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from '../lib/router';
import { NO_SESSION } from '@comptoir/shared/auth';
import { mockFetch, renderWithProviders } from '../test/render';
import { CustomerGuard } from './customer-guard';

afterEach(() => vi.unstubAllGlobals());

describe('CustomerGuard', () => {
  it('tells an administrator that the cart is for customer accounts', async () => {
    mockFetch({ 'GET /auth/me': { body: { login: 'admin', role: 'admin', codeClient: null } } });
    renderWithProviders(
      <CustomerGuard title="Panier">
        <p>contenu</p>
      </CustomerGuard>,
    );
    expect(
      await screen.findByText('Le panier et les commandes sont réservés aux comptes clients'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Panier' })).toBeInTheDocument();
    expect(screen.queryByText('contenu')).not.toBeInTheDocument();
  });

  it('sends a visitor to the login page, to come back afterwards', async () => {
    mockFetch({ 'GET /auth/me': { body: NO_SESSION } });
    renderWithProviders(
      <Routes>
        <Route
          path="/panier"
          element={
            <CustomerGuard title="Panier">
              <p>contenu</p>
            </CustomerGuard>
          }
        />
        <Route path="/connexion" element={<LocationProbe />} />
      </Routes>,
      { route: '/panier' },
    );
    expect(await screen.findByTestId('location')).toHaveTextContent('/connexion?redirectTo=%2Fpanier');
  });

  const visitorWith = (commandeAnonyme: '0' | '1') =>
    mockFetch({
      'GET /auth/me': { status: 401, body: { message: 'Veuillez vous connecter' } },
      'GET /catalogue/acces': { body: { accesAnonyme: '1', prixAnonymes: '1', commandeAnonyme } },
    });

  it('lets a visitor in on the cart when visitors may order', async () => {
    visitorWith('1');
    renderWithProviders(
      <CustomerGuard title="Panier" visitors>
        <p>contenu</p>
      </CustomerGuard>,
    );
    expect(await screen.findByText('contenu')).toBeInTheDocument();
  });

  it('asks a visitor to log in on the cart, with a link back, when visitors may not order', async () => {
    visitorWith('0');
    renderWithProviders(
      <CustomerGuard title="Panier" visitors>
        <p>contenu</p>
      </CustomerGuard>,
      { route: '/panier' },
    );
    expect(await screen.findByText('Veuillez vous connecter pour commander')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/connexion?redirectTo=%2Fpanier',
    );
    expect(screen.queryByText('contenu')).not.toBeInTheDocument();
  });
});

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}
