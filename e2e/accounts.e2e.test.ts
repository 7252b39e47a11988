// The back office's 'Comptes' in Chromium: an administrator invites a person for the test customer,
// the invitation link read from the mail (DATA_DIR/mails) sets its password and logs it in. The
// Comptes page and the invitation page are shot at 390 and 1440 px (E2E_SCREENSHOTS, a folder) and
// scanned by axe.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CUSTOMER } from './support/accounts';
import { PHONE, WIDE_SCREEN, expectAccessible } from './support/browser';
import { useShop } from './support/setup';
import { newestMailTo } from './support/shop';

const EMAIL = 'invitee-e2e@exemple.fr';
const PASSWORD = 'Invitation-acceptee-2026';

const shots = process.env.E2E_SCREENSHOTS;
async function shoot(page: Page, name: string) {
  for (const size of [PHONE, WIDE_SCREEN]) {
    await page.setViewportSize(size);
    await expectAccessible(page);
    if (shots) await page.screenshot({ path: path.join(shots, `${name}-${size.width}.png`), fullPage: true });
  }
}

describe('Comptes', () => {
  const shop = useShop();

  it('an administrator invites a person, whose link sets the password and logs in', async () => {
    const admin = await shop.page('admin', { viewport: WIDE_SCREEN });
    await admin.getByRole('link', { name: 'Comptes' }).first().click();
    await admin.getByRole('heading', { level: 1, name: 'Comptes' }).waitFor();
    await admin.getByRole('table', { name: 'Comptes' }).getByText(CUSTOMER.login).waitFor();

    await admin.getByRole('button', { name: 'Inviter un compte' }).click();
    const form = admin.getByRole('form', { name: 'Inviter un compte' });
    await form.getByLabel('Adresse e-mail').fill(EMAIL);
    await form.getByLabel('Nom').fill('Camille Invitée');
    await form.getByLabel('Code client').fill(CUSTOMER.code);
    await form.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    await admin.getByText(`Invitation envoyée à ${EMAIL}`).waitFor();
    await admin.getByRole('textbox', { name: 'Rechercher' }).fill('invitee-e2e');
    await admin.getByRole('button', { name: 'Rechercher' }).click();
    const row = admin.getByRole('row').filter({ hasText: EMAIL });
    await row.getByText('Invité', { exact: true }).waitFor();
    await shoot(admin, 'comptes');

    const text = (await newestMailTo(EMAIL, 0)).text ?? '';
    const link = new URL(/https?:\/\/[^\s]+\/invitation\?jeton=[\w%-]+/.exec(text)![0]);
    const person = await shop.page('visitor');
    await person.goto(link.pathname + link.search);
    await person.getByRole('heading', { level: 1, name: 'Choisir votre mot de passe' }).waitFor();
    await shoot(person, 'invitation');
    await person.getByRole('textbox', { name: /^Mot de passe/ }).fill(PASSWORD);
    await person.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
    await expect.poll(() => new URL(person.url()).pathname).toBe('/');
    const me = await (await person.request.get('/auth/me')).json();
    expect(me).toMatchObject({ login: EMAIL, role: 'client', codeClient: CUSTOMER.code });

    // The link served once.
    const again = await person.request.post('/auth/invitation', {
      data: { jeton: decodeURIComponent(link.searchParams.get('jeton')!), motDePasse: PASSWORD },
    });
    expect(again.status()).toBe(400);

    await admin.reload();
    await admin.getByRole('textbox', { name: 'Rechercher' }).fill('invitee-e2e');
    await admin.getByRole('button', { name: 'Rechercher' }).click();
    await admin.getByRole('row').filter({ hasText: EMAIL }).getByText('Actif', { exact: true }).waitFor();
  });
});
