import { screen, waitFor, within } from '@testing-library/react';
import type { AccountsPage as Page, WebAccount } from '@comptoir/shared/accounts';
import { ACCOUNTS_MESSAGES } from '@comptoir/shared/accounts-texts';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { AccountsPage } from './accounts-page';

const account = (id: number, overrides: Partial<WebAccount> = {}): WebAccount => ({
  id,
  login: `compte${id}@dupont.fr`,
  nom: `Compte ${id}`,
  role: 'client',
  etat: 'actif',
  codeClient: 'C000001',
  nomClient: 'Durand Maçonnerie',
  professionnel: true,
  invitationLe: null,
  derniereConnexion: null,
  ...overrides,
});

const page = (elements: WebAccount[], total = elements.length): { body: Page } => ({
  body: { total, elements },
});

describe('AccountsPage', () => {
  it('lists the accounts and searches with the filters from the first page', async () => {
    const queries: URLSearchParams[] = [];
    const { unexpected } = mockFetch({
      'GET /auth/me': { body: { login: 'admin', role: 'admin', codeClient: null } },
      'GET /admin/comptes': ({ url }) => {
        queries.push(url.searchParams);
        return page([account(1), account(2, { etat: 'invite' })], 120);
      },
    });
    const { user } = renderWithProviders(<AccountsPage />);
    const table = await screen.findByRole('table', { name: 'Comptes' });
    await within(table).findByText('compte1@dupont.fr');
    expect(within(table).getByText('Invité')).toBeInTheDocument();
    expect(screen.getByText('120 comptes')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Rechercher' }), 'dupont');
    await user.selectOptions(screen.getByRole('combobox', { name: 'État' }), 'invite');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(queries.at(-1)?.get('recherche')).toBe('dupont'));
    expect(queries.at(-1)?.get('etat')).toBe('invite');
    expect(queries.at(-1)?.get('page')).toBe('0');
    expect(unexpected).toEqual([]);
  });

  it('invites an account, and keeps the form open with the server’s refusal', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      'GET /auth/me': { body: { login: 'admin', role: 'admin', codeClient: null } },
      'GET /admin/comptes': page([]),
      'POST /admin/comptes': ({ init }) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { status: 409, body: { message: ACCOUNTS_MESSAGES.emailTaken } };
      },
    });
    const { user } = renderWithProviders(<AccountsPage />);
    await user.click(await screen.findByRole('button', { name: 'Inviter un compte' }));
    const form = await screen.findByRole('form', { name: 'Inviter un compte' });
    await user.type(within(form).getByRole('textbox', { name: /Adresse e-mail/ }), 'paul@dupont.fr');
    await user.type(within(form).getByRole('textbox', { name: /^Nom/ }), 'Paul Dupont');
    await user.type(within(form).getByRole('textbox', { name: /Code client/ }), 'C000001');
    await user.click(within(form).getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(await within(form).findByText(ACCOUNTS_MESSAGES.emailTaken)).toBeInTheDocument();
    expect(bodies).toEqual([
      { email: 'paul@dupont.fr', nom: 'Paul Dupont', codeClient: 'C000001', role: 'client' },
    ]);
  });
});
