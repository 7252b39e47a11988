// The shipped test card provider's hosted page (docs/contract/checkout-and-payments.md): after
// 'Valider la commande' by card, the shopper lands there and chooses the bank's answer.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './browser';

/** Answers on the test provider's page (the shopper is sent back to the shop). */
export async function answerOnTestProvider(page: Page, result: 'accepted' | 'refused'): Promise<void> {
  await page.waitForURL(/\/paiement-test\//);
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

/** Ticks the checkout's CGV box: the demo shop publishes its CGV, and an order is refused without it. */
export async function acceptCgv(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /conditions générales de vente/ }).check();
}

/** The checkout page, open; its carriers' radio group. */
export async function openCheckout(page: Page) {
  await page.goto('/panier/commande');
  await page.getByRole('heading', { level: 1, name: 'Commande' }).waitFor();
  return page.getByRole('radiogroup', { name: /Transporteur/ });
}

/**
 * On the checkout page, a carrier chosen: pays by card (no card field on the shop: the number is typed
 * on the provider's page), `check` (axe) on the checkout and on the provider's page, the bank's answer
 * chosen there; the order's id once back on its detail page.
 */
export async function payByCard(
  page: Page,
  result: 'accepted' | 'refused',
  check: (page: Page) => Promise<void> = expectAccessible,
): Promise<number> {
  await page.getByRole('radio', { name: 'Carte bancaire' }).check();
  expect(await page.getByRole('textbox', { name: /carte/i }).count()).toBe(0);
  await acceptCgv(page);
  await check(page);
  await page.getByRole('button', { name: 'Valider la commande' }).click();
  await page.waitForURL(/\/paiement-test\//);
  await check(page);
  return payOnTestProvider(page, result);
}
