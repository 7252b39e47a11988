// The storefront drawn by the server for visitors (docs/architecture/server-rendering.md), with the web
// app's own renderer (apps/web/src/entry-server.tsx, loaded from its sources here) on a small catalogue.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '@comptoir/db/paths';
import type { App } from '../app';
import { createArticle, createFamily } from '../test/factories';
import { buildTestApp } from '../test/helpers';

const INDEX =
  '<!doctype html><html lang="fr"><head><title>Comptoir</title></head><body><div id="root"></div></body></html>';
const STATE = /<script type="application\/json" id="ssr-state">(.*?)<\/script>/s;

/** A web app folder with only index.html. */
function webDistWithIndex(): string {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  return webDist;
}

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));

describe('the storefront drawn by the server', () => {
  let app: App;
  let webDist: string;

  beforeAll(async () => {
    webDist = webDistWithIndex();
    app = await buildTestApp({
      config: { webDist, webRenderer: path.join(repoRoot, 'apps/web/src/entry-server.tsx') },
    });
    await createFamily(app, { code: 'SSRF', label: 'Famille dessinée' });
    await createArticle(app, {
      code: 'SSRA1',
      designation1: 'Poutre dessinée',
      priceHt: 12.5,
      familyCode: 'SSRF',
    });
    await createArticle(app, {
      code: 'SSRA2',
      designation1: 'Chevron <dessiné>',
      priceHt: 3,
      familyCode: 'SSRF',
    });
  }, 120_000);
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('draws a visitor’s category page with its articles, prices and answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/catalogue/SSRF' });
    expect(response.statusCode).toBe(200);
    const root = rootOf(response.body);
    expect(root).toContain('Famille dessinée');
    expect(root).toContain('Poutre dessinée');
    // Escaped in the HTML, and `<` escaped in the JSON block: it cannot close the script element.
    expect(root).toContain('Chevron &lt;dessiné&gt;');
    expect(root).toMatch(/12,50\s€/);
    const state = STATE.exec(response.body)?.[1];
    expect(state).toBeDefined();
    expect(state).not.toContain('<');
    const answers = JSON.parse(state!) as [unknown[], unknown][];
    const keys = answers.map(([key]) => key.filter((part) => typeof part !== 'object').join('/'));
    expect(keys).toEqual(expect.arrayContaining(['auth/me', 'catalogue/acces', 'catalogue/familles/SSRF/0']));
    expect(JSON.stringify(answers)).toContain('Chevron <dessiné>');
  });

  it('draws a visitor’s product page', async () => {
    const response = await app.inject({ method: 'GET', url: '/article/SSRA1' });
    const root = rootOf(response.body);
    expect(root).toContain('Poutre dessinée');
    expect(root).toMatch(/12,50\s€/);
    expect(response.body).toMatch(STATE);
  });

  it('sends the plain shell to a logged-in customer, a visitor with a cart or a chosen agency', async () => {
    for (const cookie of ['comptoir_session=abc', 'comptoir_visiteur=abc', 'comptoir_agence=A1']) {
      const response = await app.inject({ method: 'GET', url: '/catalogue/SSRF', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toMatch(STATE);
    }
  });

  it('leaves the other pages to the browser', async () => {
    for (const url of ['/panier', '/connexion', '/openweb/admin/admin_accueil']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.body).toContain('<div id="root"></div>');
    }
  });
});

/** What the web app's entry-server.tsx exports (as web.ts loads it). */
interface Renderer {
  renderPage(
    url: string,
    fetcher: (url: string) => Promise<Response>,
    signal: AbortSignal,
    options?: { prefetch?: boolean },
  ): Promise<{ html: string; state: string; passes: number }>;
}

describe('a page drawn once', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await createFamily(app, { code: 'ONEF', label: 'Famille d’un passage' });
    await createFamily(app, { code: 'ONEG', label: 'Sous-famille', parentCode: 'ONEF' });
    await createArticle(app, { code: 'ONEA', designation1: 'Planche', priceHt: 4, familyCode: 'ONEG' });
  }, 120_000);
  afterAll(() => app.close());

  it.each([
    '/',
    '/catalogue/ONEF',
    '/catalogue/ONEG?tri=prix-croissant&page=1',
    '/article/ONEA',
    '/article/NONE',
  ])('fetches %s’s answers, then draws it once, as it was drawn in several passes', async (url) => {
    const renderer = (await import(path.join(repoRoot, 'apps/web/src/entry-server.tsx'))) as Renderer;
    const fetcher = async (asked: string) => {
      const answer = await app.inject({ method: 'GET', url: asked });
      return new Response(answer.statusCode === 204 ? null : answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };
    const signal = new AbortController().signal;
    const once = await renderer.renderPage(url, fetcher, signal);
    const found = await renderer.renderPage(url, fetcher, signal, { prefetch: false });
    expect(once.passes).toBe(1);
    expect(found.passes).toBeGreaterThan(1);
    expect(once.html).toBe(found.html);
    expect(once.state).toBe(found.state);
  });
});

describe('a renderer that fails', () => {
  let app: App;
  let webDist: string;

  beforeAll(async () => {
    webDist = webDistWithIndex();
    const renderer = path.join(webDist, 'renderer.mjs');
    fs.writeFileSync(
      renderer,
      "export const SSR_STATE_ID = 'ssr-state';\nexport async function renderPage() { throw new Error('boom'); }\n",
    );
    app = await buildTestApp({ config: { webDist, webRenderer: renderer } });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends the plain shell, never an error', async () => {
    const response = await app.inject({ method: 'GET', url: '/catalogue/X' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toMatch(STATE);
  });
});
