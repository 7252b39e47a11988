import { screen, within } from '@testing-library/react';
import { MAIL_HOME_WARNINGS } from '@comptoir/shared/admin-home';
import { SHIPPING_WARNINGS } from '@comptoir/shared/shipping/availability';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { AdminHomeWarnings } from './admin-home-warnings';

afterEach(() => vi.unstubAllGlobals());

it('warns of an empty schedule and of a carrier without fee, with a link to each screen', async () => {
  mockFetch({
    'GET /admin/accueil/alertes': {
      body: {
        alertes: [
          { message: SHIPPING_WARNINGS.emptySchedule, ecran: 'forfaits' },
          { message: SHIPPING_WARNINGS.carrierWithoutFee('Camion grue'), ecran: 'forfaits' },
          { message: SHIPPING_WARNINGS.carrierLinkBroken('Messagerie', 5), ecran: 'transporteurs' },
        ],
      },
    },
  });
  renderWithProviders(<AdminHomeWarnings />);
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText('À corriger')).toBeInTheDocument();
  expect(
    within(alert)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    SHIPPING_WARNINGS.emptySchedule,
    SHIPPING_WARNINGS.carrierWithoutFee('Camion grue'),
    SHIPPING_WARNINGS.carrierLinkBroken('Messagerie', 5),
  ]);
  expect(within(alert).getByRole('link', { name: 'Ouvrir les forfaits de transport' })).toHaveAttribute(
    'href',
    '/openweb/admin/admin_forfaitsTransport',
  );
  expect(within(alert).getByRole('link', { name: 'Ouvrir les transporteurs' })).toHaveAttribute(
    'href',
    '/openweb/admin/admin_transporteurs',
  );
});

it('says nothing when all is well', async () => {
  const { fetchMock } = mockFetch({ 'GET /admin/accueil/alertes': { body: { alertes: [] } } });
  renderWithProviders(<AdminHomeWarnings />);
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('says how many mails wait or were given up, with no screen to open', async () => {
  mockFetch({
    'GET /admin/accueil/alertes': {
      body: {
        alertes: [
          { message: MAIL_HOME_WARNINGS.pending(3), ecran: null },
          { message: MAIL_HOME_WARNINGS.failed(1, 24), ecran: null },
        ],
      },
    },
  });
  renderWithProviders(<AdminHomeWarnings />);
  const alert = await screen.findByRole('alert');
  expect(
    within(alert)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([MAIL_HOME_WARNINGS.pending(3), MAIL_HOME_WARNINGS.failed(1, 24)]);
  expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
});
