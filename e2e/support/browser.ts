// Debian's Chromium driven by playwright-core: never a downloaded browser.
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { ADMIN } from './accounts';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function baseURL(): string {
  return inject('baseURL');
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
}

/** How long an action or a locator read waits for its element, and a page load for its page. */
const ACTION_TIMEOUT_MS = 20_000;
const NAVIGATION_TIMEOUT_MS = 30_000;

/** A phone (the storefront's narrowest layout) and a wide screen (the header's one-line layout). */
export const PHONE = { width: 390, height: 844 } as const;
export const WIDE_SCREEN = { width: 1440, height: 900 } as const;

export type Viewport = { width: number; height: number };

/**
 * A fresh context (AxeBuilder needs pages of a context from browser.newContext()) on `url`, 1280 × 720
 * unless `viewport` says otherwise, with the cookies of `storageState` if given (a saved session, setup.ts).
 */
export async function newContext(
  browser: Browser,
  url: string,
  viewport?: Viewport,
  storageState?: string,
): Promise<BrowserContext> {
  // Reduced motion: the theme then drops its transitions, so axe does not read a half-faded modal.
  const context = await browser.newContext({
    baseURL: url,
    ...(viewport ? { viewport } : {}),
    ...(storageState ? { storageState } : {}),
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    reducedMotion: 'reduce',
  });
  // A locator read inside expect.poll that waits for a missing element is tried twice: at Playwright's
  // default of 30 s that outlasts the test's 60 s, which then fails without saying what it waited for.
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  return context;
}

/**
 * A page of `context` whose loads wait for the app to be interactive unless `awaitInteractive` is false
 * (awaitInteractiveAfterLoads).
 */
export async function newPage(
  context: BrowserContext,
  options: { awaitInteractive?: boolean } = {},
): Promise<Page> {
  const page = await context.newPage();
  if (options.awaitInteractive !== false) awaitInteractiveAfterLoads(page);
  return page;
}

/**
 * Once the app's page is interactive (apps/web/src/lib/hydrated.ts marks `<html data-interactive>`), or
 * at once for a document that is not the app (no #root).
 */
export const untilInteractive = (page: Page) =>
  page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.dataset.interactive !== undefined,
    undefined,
    { timeout: NAVIGATION_TIMEOUT_MS },
  );

/**
 * A slow network: the modules whose address matches `modules` (a page's own, loaded by the entry when
 * it draws) are held until `release` is called, well after the entry has hydrated what it could.
 */
export async function holdModules(page: Page, modules: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(modules, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Makes `page.goto` and `page.reload` return once the app's page is interactive, not only loaded: a
 * visitor's page drawn by the server shows its controls before its scripts take them over, and a test
 * acts within milliseconds where a person could not. Not for `waitUntil: 'commit'`.
 */
function awaitInteractiveAfterLoads(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await untilInteractive(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await untilInteractive(page);
    return response;
  };
}

/** Logs in as a person does, through the login page's form; the page then goes where the form sends it. */
export async function loginThroughPage(page: Page, account: { login: string; password: string } = ADMIN) {
  await page.goto('/connexion');
  await page.getByLabel('Identifiant').fill(account.login);
  await page.getByLabel(/^Mot de passe/).fill(account.password);
  // Waited for: a test that goes to another page at once would otherwise abort the login on a slow
  // machine, and go on as a visitor (whose header looks alike).
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/auth/login') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await answered;
}

/**
 * Fails on any serious or critical axe violation, listing them readably; with WCAG 2.2's target size
 * (24 px, or room around a smaller target), which axe leaves off by default: the storefront is used
 * with a thumb on a phone. axe reads colours as painted: each look waits for the page's animations and
 * transitions to end, and a violation must still be there on a later look (a real one always is; one
 * read mid-transition is not).
 */
export async function expectAccessible(page: Page) {
  let blocking = await seriousViolations(page);
  for (let attempt = 0; blocking.length > 0 && attempt < 2; attempt++)
    blocking = await seriousViolations(page);
  expect(blocking, `violations axe sur ${page.url()}`).toEqual([]);
}

async function seriousViolations(page: Page): Promise<string[]> {
  // page.evaluate and axe have no timeout of their own: bounded here, so a page that stops answering
  // fails the test by name instead of running into its timeout.
  await within(
    'deux images de la page',
    page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    ),
  );
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const results = await within(
    "l'analyse axe",
    new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } }).analyze(),
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** `promise`, or a failure naming `what` once `ms` have passed without its answer. */
async function within<T>(what: string, promise: Promise<T>, ms = ACTION_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} : pas de réponse en ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
