// The back office's 'Comptes' calls and the invitation link, through the real app: every call, every
// refusal (with nothing changed), the mails read from the outbox's .eml files.
import { eq, sql } from 'drizzle-orm';
import { accountInvitations, sessions, users } from '@comptoir/db/schema';
import { ACCOUNTS_MESSAGES, type AccountAnswer, type AccountsPage } from '@comptoir/shared/accounts';
import { SIGNUP_MESSAGES } from '@comptoir/shared/signup';
import { createCustomer } from '../../test/factories';
import {
  buildAppAs,
  createCustomerUser,
  loginAs,
  type App,
  type SessionHeaders,
  type TestUser,
} from '../../test/helpers';
import { mailsTo } from '../../test/mails';

let app: App;
let admin: SessionHeaders;
let adminUser: TestUser;
let customerCode: string;
beforeAll(async () => {
  ({ app, headers: admin, user: adminUser } = await buildAppAs('admin'));
  customerCode = (await createCustomer(app, { name: 'Maçonnerie Dupont', email: 'compta@dupont.fr' })).code;
}, 60_000);
afterAll(() => app.close());

const PASSWORD = 'un-mot-de-passe-solide';

const invite = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/admin/comptes', headers: admin, payload });

async function invitationLink(email: string): Promise<string> {
  const mails = await mailsTo(app, email);
  const text = mails.at(-1)?.text ?? '';
  const match = /\/invitation\?jeton=([\w%-]+)/.exec(text);
  if (!match) throw new Error(`no invitation link in: ${text}`);
  return decodeURIComponent(match[1]!);
}

const accept = (jeton: string, motDePasse = PASSWORD) =>
  app.inject({ method: 'POST', url: '/auth/invitation', payload: { jeton, motDePasse } });

const userCount = async () => app.db.$count(users);

describe('inviting an account', () => {
  it('creates an invited account, mails a 7-day link that sets the password and logs in, once', async () => {
    const response = await invite({
      email: 'Paul@Dupont.fr',
      nom: 'Paul Dupont',
      codeClient: customerCode,
      role: 'client',
    });
    expect(response.statusCode).toBe(201);
    const answer = response.json<AccountAnswer>();
    expect(answer.message).toBe(ACCOUNTS_MESSAGES.invited('paul@dupont.fr'));
    expect(answer.compte).toMatchObject({
      login: 'paul@dupont.fr',
      nom: 'Paul Dupont',
      etat: 'invite',
      role: 'client',
      codeClient: customerCode,
      nomClient: 'Maçonnerie Dupont',
      professionnel: true,
      derniereConnexion: null,
    });

    const [mail] = await mailsTo(app, 'paul@dupont.fr');
    expect(mail?.subject).toContain('votre compte vous attend');
    expect(mail?.text).toContain('valable 7 jours');
    const jeton = await invitationLink('paul@dupont.fr');
    // Stored hashed: the token itself is nowhere in the table.
    const stored = await app.db
      .select()
      .from(accountInvitations)
      .where(eq(accountInvitations.userId, answer.compte.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toBe(jeton);
    const days = (stored[0]!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    // The password rules of the password change.
    const weak = await accept(jeton, 'court');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(SIGNUP_MESSAGES.passwordTooShort);

    const accepted = await accept(jeton);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      login: 'paul@dupont.fr',
      role: 'client',
      codeClient: customerCode,
    });
    const cookie = accepted.cookies.find((c) => c.name === 'comptoir_session');
    expect(cookie?.value).toBeTruthy();
    const me = await app.inject({
      url: '/auth/me',
      headers: { cookie: `comptoir_session=${cookie!.value}` },
    });
    expect(me.json()).toMatchObject({ login: 'paul@dupont.fr' });

    const again = await accept(jeton, 'un-autre-mot-de-passe-solide');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ACCOUNTS_MESSAGES.invitationInvalid);

    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { login: 'paul@dupont.fr', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const list = await app.inject({ url: '/admin/comptes?recherche=paul@dupont', headers: admin });
    const [row] = list.json<AccountsPage>().elements;
    expect(row).toMatchObject({ etat: 'actif' });
    expect(row?.derniereConnexion).not.toBeNull();
  });

  it('refuses an e-mail that already has an account, an unknown customer code, a client without one', async () => {
    await createCustomerUser(app, customerCode, { login: 'deja@dupont.fr' });
    const before = await userCount();
    const taken = await invite({
      email: 'DEJA@dupont.fr',
      nom: 'Déjà',
      codeClient: customerCode,
      role: 'client',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(ACCOUNTS_MESSAGES.emailTaken);
    const unknown = await invite({
      email: 'neuf@dupont.fr',
      nom: 'Neuf',
      codeClient: 'INCONNU',
      role: 'client',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(ACCOUNTS_MESSAGES.unknownCustomer('INCONNU'));
    const noCode = await invite({ email: 'neuf@dupont.fr', nom: 'Neuf', role: 'client' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toBe(ACCOUNTS_MESSAGES.customerRequired);
    expect(await userCount()).toBe(before);
    expect(await mailsTo(app, 'neuf@dupont.fr')).toHaveLength(0);
  });

  it('refuses an expired link, and a resent invitation replaces the earlier links', async () => {
    const created = (
      await invite({ email: 'lea@dupont.fr', nom: 'Léa', codeClient: customerCode })
    ).json<AccountAnswer>();
    const first = await invitationLink('lea@dupont.fr');
    const resent = await app.inject({
      method: 'POST',
      url: `/admin/comptes/${created.compte.id}/invitation`,
      headers: admin,
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe(ACCOUNTS_MESSAGES.invitationResent('lea@dupont.fr'));
    const second = await invitationLink('lea@dupont.fr');
    expect(second).not.toBe(first);
    expect((await accept(first)).json().message).toBe(ACCOUNTS_MESSAGES.invitationInvalid);

    await app.db
      .update(accountInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountInvitations.userId, created.compte.id));
    const expired = await accept(second);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(ACCOUNTS_MESSAGES.invitationInvalid);
    const list = await app.inject({ url: '/admin/comptes?recherche=lea@dupont.fr', headers: admin });
    expect(list.json<AccountsPage>().elements[0]?.etat).toBe('invite');
  });

  it('resends only to an account still invited', async () => {
    const user = await createCustomerUser(app, customerCode);
    const response = await app.inject({
      method: 'POST',
      url: `/admin/comptes/${user.id}/invitation`,
      headers: admin,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(ACCOUNTS_MESSAGES.notInvited);
  });
});

describe('listing the accounts', () => {
  it('searches by login, name or customer code, filters by role and state, pages', async () => {
    const other = (await createCustomer(app, { name: 'Toiture Morel' })).code;
    for (const n of [1, 2, 3])
      await invite({ email: `morel${n}@morel.fr`, nom: `Morel ${n}`, codeClient: other, role: 'client' });
    const byCode = (
      await app.inject({ url: `/admin/comptes?recherche=${other}`, headers: admin })
    ).json<AccountsPage>();
    expect(byCode.total).toBe(3);
    const byName = (
      await app.inject({ url: '/admin/comptes?recherche=Morel%202', headers: admin })
    ).json<AccountsPage>();
    expect(byName.elements.map((a) => a.login)).toEqual(['morel2@morel.fr']);
    const paged = (
      await app.inject({ url: `/admin/comptes?recherche=${other}&size=2&page=1`, headers: admin })
    ).json<AccountsPage>();
    expect(paged).toMatchObject({ total: 3, elements: [{ login: 'morel3@morel.fr' }] });
    const admins = (
      await app.inject({ url: '/admin/comptes?role=admin', headers: admin })
    ).json<AccountsPage>();
    expect(admins.elements.every((a) => a.role === 'admin')).toBe(true);
    expect(admins.elements.map((a) => a.login)).toContain(adminUser.login);
    const invited = (
      await app.inject({ url: '/admin/comptes?etat=invite', headers: admin })
    ).json<AccountsPage>();
    expect(invited.elements.every((a) => a.etat === 'invite')).toBe(true);
    expect(invited.total).toBeGreaterThanOrEqual(3);
  });

  it('is for administrators only', async () => {
    const client = await loginAs(app, await createCustomerUser(app, customerCode));
    expect((await app.inject({ url: '/admin/comptes', headers: client })).statusCode).toBe(403);
    expect((await app.inject({ url: '/admin/comptes' })).statusCode).toBe(401);
  });
});

describe('disabling, enabling, renaming, resetting, deleting', () => {
  it('disables an account: its sessions end at once and it cannot log in; enabled again it can', async () => {
    const user = await createCustomerUser(app, customerCode, { password: PASSWORD });
    const headers = await loginAs(app, user);
    expect((await app.inject({ url: '/auth/me', headers })).json()).toMatchObject({ login: user.login });
    const disabled = await app.inject({
      method: 'PATCH',
      url: `/admin/comptes/${user.id}`,
      headers: admin,
      payload: { etat: 'desactive' },
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json<AccountAnswer>()).toMatchObject({
      message: ACCOUNTS_MESSAGES.disabled,
      compte: { etat: 'desactive' },
    });
    expect((await app.inject({ url: '/auth/me', headers })).json()).toEqual({ connecte: false });
    expect(await app.db.$count(sessions, eq(sessions.userId, user.id))).toBe(0);
    const refused = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { login: user.login, password: PASSWORD },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(ACCOUNTS_MESSAGES.loginDisabled);

    const enabled = await app.inject({
      method: 'PATCH',
      url: `/admin/comptes/${user.id}`,
      headers: admin,
      payload: { etat: 'actif', nom: 'Jean Dupont' },
    });
    expect(enabled.json<AccountAnswer>()).toMatchObject({
      message: ACCOUNTS_MESSAGES.enabled,
      compte: { etat: 'actif', nom: 'Jean Dupont' },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { login: user.login, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an administrator disabling or deleting their own account, and enabling an invited one', async () => {
    const self = await app.inject({
      method: 'PATCH',
      url: `/admin/comptes/${adminUser.id}`,
      headers: admin,
      payload: { etat: 'desactive' },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(ACCOUNTS_MESSAGES.ownAccountDisabled);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/admin/comptes/${adminUser.id}`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json().message).toBe(ACCOUNTS_MESSAGES.ownAccountDeleted);
    expect((await app.inject({ url: '/auth/me', headers: admin })).json()).toMatchObject({
      login: adminUser.login,
    });

    const invited = (
      await invite({ email: 'zoe@dupont.fr', nom: 'Zoé', codeClient: customerCode })
    ).json<AccountAnswer>();
    const enable = await app.inject({
      method: 'PATCH',
      url: `/admin/comptes/${invited.compte.id}`,
      headers: admin,
      payload: { etat: 'actif' },
    });
    expect(enable.statusCode).toBe(409);
    expect(enable.json().message).toBe(ACCOUNTS_MESSAGES.invitedNotEnabled);
  });

  it('sends the forgotten-password mail to the account', async () => {
    const user = await createCustomerUser(app, customerCode, { login: 'marc@dupont.fr' });
    const response = await app.inject({
      method: 'POST',
      url: `/admin/comptes/${user.id}/mot-de-passe`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(ACCOUNTS_MESSAGES.resetSent('marc@dupont.fr'));
    const [mail] = await mailsTo(app, 'marc@dupont.fr');
    expect(mail?.subject).toContain('réinitialisation de votre mot de passe');
    const jeton = decodeURIComponent(/jeton=([\w%-]+)/.exec(mail!.text!)![1]!);
    const reset = await app.inject({
      method: 'POST',
      url: '/auth/mot-de-passe-oublie/nouveau',
      payload: { jeton, motDePasse: PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('deletes an account; an unknown one is 404', async () => {
    const user = await createCustomerUser(app, customerCode);
    const deleted = await app.inject({ method: 'DELETE', url: `/admin/comptes/${user.id}`, headers: admin });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(ACCOUNTS_MESSAGES.deleted);
    expect(await app.db.$count(users, eq(users.id, user.id))).toBe(0);
    const again = await app.inject({ method: 'DELETE', url: `/admin/comptes/${user.id}`, headers: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ACCOUNTS_MESSAGES.notFound);
  });
});
