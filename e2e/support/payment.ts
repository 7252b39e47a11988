// The shipped test card provider's hosted page (docs/contract.md, Checkout and payments): after
// 'Valider la commande' by card, the shopper lands there and chooses the bank's answer.
import type { Page } from 'playwright-core';

/** Answers on the test provider's page (the shopper is sent back to the shop). */
export async function answerOnTestProvider(page: Page, result: 'accepted' | 'refused'): Promise<void> {
  await page.waitForURL(/\/paiement-test\//, { timeout: 30_000 });
  await page.getByRole('heading', { level: 1, name: 'Paiement de test' }).waitFor();
  await page
    .getByRole('button', { name: result === 'accepted' ? 'Accepter le paiement' : 'Refuser le paiement' })
    .click();
}

/** Answers on the test provider's page, then waits for the return to the order's detail page. */
export async function payOnTestProvider(page: Page, result: 'accepted' | 'refused'): Promise<number> {
  await answerOnTestProvider(page, result);
  await page.waitForURL(new RegExp(`/compte/detail-mouvement/\\d+\\?paiement=${result}$`));
  return Number(new URL(page.url()).pathname.split('/').at(-1));
}
