import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
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
    mockFetch({ 'GET /auth/me': { status: 401, body: { message: 'Veuillez vous connecter' } } });
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
});

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}
