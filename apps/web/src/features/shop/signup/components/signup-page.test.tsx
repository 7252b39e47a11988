import { screen, waitFor } from '@testing-library/react';
import { SIGNUP_MESSAGES } from '@comptoir/shared/signup';
import { mockFetch, renderWithProviders } from '../../../../test/render';
import { SIGNUP_LABELS } from '../labels';
import { SignupPage } from './signup-page';

const options = (particulier: boolean, professionnel: boolean, compteTemporaire = false) => ({
  body: { particulier, professionnel, compteTemporaire },
});

describe('SignupPage', () => {
  it('says sign-up is closed when the settings allow no kind', async () => {
    mockFetch({ 'GET /auth/inscription': options(false, false) });
    renderWithProviders(<SignupPage redirectTo={null} onDone={() => {}} />);
    expect(await screen.findByText(SIGNUP_LABELS.closed)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: SIGNUP_LABELS.title })).toBeNull();
  });

  it('checks the SIRET before sending, then signs up and hands the new account over', async () => {
    const { fetchMock } = mockFetch({
      'GET /auth/inscription': options(true, true, true),
      'POST /auth/inscription': { body: { login: 'a@b.fr', role: 'client', codeClient: 'WEB000001' } },
    });
    const onDone = vi.fn();
    const { user } = renderWithProviders(<SignupPage redirectTo={null} onDone={onDone} />);
    await user.click(await screen.findByRole('radio', { name: SIGNUP_LABELS.kinds.professionnel }));
    const form = screen.getByRole('form', { name: SIGNUP_LABELS.title });
    const type = async (label: RegExp, text: string) => user.type(screen.getAllByLabelText(label)[0]!, text);
    await type(/^Raison sociale/, 'Maçonnerie Durand');
    await type(/^SIRET/, '73282932000075');
    await type(/^Nom et prénom du contact/, 'Paul Durand');
    await type(/^Adresse e-mail/, 'a@b.fr');
    await type(/^Mot de passe/, 'un mot de passe solide');
    await user.type(form.querySelector('input[name="ligne1"]')!, '1 rue du Port');
    await type(/^Code postal/, '69007');
    await type(/^Ville/, 'Lyon');
    await user.click(screen.getByRole('button', { name: SIGNUP_LABELS.submit }));
    expect(await screen.findByText(SIGNUP_MESSAGES.siretInvalid)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.clear(screen.getAllByLabelText(/^SIRET/)[0]!);
    await type(/^SIRET/, '73282932000074');
    await user.click(screen.getByRole('button', { name: SIGNUP_LABELS.submit }));
    await waitFor(
      () => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ codeClient: 'WEB000001' })),
      { timeout: 5000 },
    );
    // Ordering without an account is offered beside it.
    expect(screen.getByRole('form', { name: SIGNUP_LABELS.temporaryTitle })).toBeInTheDocument();
  });
});
