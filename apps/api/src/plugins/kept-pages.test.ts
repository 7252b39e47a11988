// The pages drawn for a plain visitor, kept (kept-pages.ts): over real HTTP with the web app's own
// renderer, counted, a kept page is sent again without drawing it, per encoding, ahead of routing; a
// change of what it was drawn from drops it; a visitor with a session, a cart or an agency is never
// given one; and the kept pages hold a bounded room.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { repoRoot } from '@comptoir/db/paths';
import { articles, families, settings } from '@comptoir/db/schema';
import { SETTING_KEYS } from '@comptoir/shared/domain-texts';
import type { App } from '../app';
import { createArticle, createFamily } from '../test/factories';
import { buildTestApp, untilChangesHeard } from '../test/helpers';
import { rawRequest, type RawAnswer } from '../test/raw-http';
import { createKeptPages, PAGE_TABLES } from './kept-pages';

const INDEX =
  '<!doctype html><html lang="fr"><head><title>Comptoir</title></head><body><div id="root"></div></body></html>';
const STATE = /<script type="application\/json" id="ssr-state">/;

declare global {
  var keptPagesRenders: number | undefined;
}

describe('the pages kept for a plain visitor', () => {
  let app: App;
  let webDist: string;
  let base: string;
  const renders = () => globalThis.keptPagesRenders ?? 0;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    // The web app's renderer, each drawing counted.
    const renderer = path.join(webDist, 'renderer.ts');
    fs.writeFileSync(
      renderer,
      `import * as real from ${JSON.stringify(path.join(repoRoot, 'apps/web/src/entry-server.tsx'))};
export const SSR_STATE_ID = real.SSR_STATE_ID;
export const renderPage: typeof real.renderPage = (...args) => {
  globalThis.keptPagesRenders = (globalThis.keptPagesRenders ?? 0) + 1;
  return real.renderPage(...args);
};
`,
    );
    app = await buildTestApp({ answerCache: true, config: { webDist, webRenderer: renderer } });
    await createFamily(app, { code: 'KPF', label: 'Famille gardée' });
    await createArticle(app, {
      code: 'KPA1',
      designation1: 'Poutre gardée',
      priceHt: 12.5,
      familyCode: 'KPF',
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // The renderer's modules loaded: a first drawing on a loaded machine can pass RENDER_TIMEOUT_MS.
    for (let i = 0; i < 3 && !STATE.test((await get('/?premier')).text); i++);
    await untilChangesHeard(app);
  }, 120_000);
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  /** The page as sent, decompressed. */
  const get = (url: string, headers: Record<string, string> = {}) => rawRequest(`${base}${url}`, headers);
  const served = () => app.keptFront!.served;

  it('sends a kept page again without drawing it, compressed once per encoding, ahead of routing', async () => {
    const before = renders();
    const first = await get('/catalogue/KPF', { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.text).toContain('Poutre gardée');
    expect(first.text).toMatch(STATE);
    expect(renders()).toBe(before + 1);
    const byEncoding = new Map<string, RawAnswer>();
    for (const encoding of ['br', 'gzip', '']) {
      const asked: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      // The first through Fastify (recorded), the next ahead of it.
      const once = await get('/catalogue/KPF', asked);
      const servedBefore = served();
      const again = await get('/catalogue/KPF', asked);
      expect(served()).toBe(servedBefore + 1);
      expect(again).toEqual(once);
      expect(again.headers['content-encoding']).toBe(encoding || undefined);
      expect(again.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(again.headers['cache-control']).toBe('no-cache');
      expect(again.headers['content-security-policy']).toContain("default-src 'self'");
      byEncoding.set(encoding, again);
    }
    expect(new Set([...byEncoding.values()].map((answer) => answer.text))).toEqual(new Set([first.text]));
    expect(byEncoding.get('br')!.headers['content-length']).not.toBe(
      byEncoding.get('')!.headers['content-length'],
    );
    // A cookie that says nothing of the visitor: through Fastify, still not drawn again.
    const servedBefore = served();
    const withCookie = await get('/catalogue/KPF', { cookie: 'consentement=1' });
    expect(withCookie.text).toBe(first.text);
    expect(served()).toBe(servedBefore);
    expect(renders()).toBe(before + 1);
  });

  it('drops a kept page when an article, a family or a setting changes', async () => {
    await get('/article/KPA1');
    const drawnAfter = async (change: () => Promise<unknown>) => {
      await get('/article/KPA1');
      const before = renders();
      await change();
      await untilChangesHeard(app);
      const page = await get('/article/KPA1');
      expect(renders()).toBe(before + 1);
      return page;
    };
    const renamed = await drawnAfter(() =>
      app.db.update(articles).set({ designation1: 'Poutre renommée' }).where(eq(articles.code, 'KPA1')),
    );
    expect(renamed.text).toContain('Poutre renommée');
    const moved = await drawnAfter(() =>
      app.db.update(families).set({ label: 'Famille renommée' }).where(eq(families.code, 'KPF')),
    );
    expect(moved.text).toContain('Famille renommée');
    await drawnAfter(() =>
      app.db
        .insert(settings)
        .values({ key: SETTING_KEYS.allowAnonymousAccess, value: '1' })
        .onConflictDoUpdate({ target: settings.key, set: { value: '1' } }),
    );
    // Kept again once drawn.
    const before = renders();
    await get('/article/KPA1');
    expect(renders()).toBe(before);
  });

  it('never keeps nor sends a kept page to a visitor with a session, a cart or an agency', async () => {
    await get('/');
    const kept = app.keptFront!.pages.size;
    const before = renders();
    for (const cookie of ['comptoir_session=abc', 'comptoir_visiteur=abc', 'comptoir_agence=A1']) {
      for (const url of ['/', '/catalogue/KPF?page=2']) {
        const page = await get(url, { cookie });
        expect(page.status).toBe(200);
        expect(page.text).toContain('<div id="root"></div>');
        expect(page.text).not.toMatch(STATE);
      }
    }
    expect(renders()).toBe(before);
    expect(app.keptFront!.pages.size).toBe(kept);
  });

  it('keeps an unknown article’s page apart, until any change', async () => {
    const before = renders();
    const page = await get('/article/INCONNU');
    expect(page.text).toMatch(STATE);
    await get('/article/INCONNU');
    expect(renders()).toBe(before + 1);
    const servedBefore = served();
    await get('/article/INCONNU');
    expect(served()).toBe(servedBefore);
    await createArticle(app, { code: 'INCONNU', designation1: 'Article venu', familyCode: 'KPF' });
    await untilChangesHeard(app);
    expect((await get('/article/INCONNU')).text).toContain('Article venu');
    expect(renders()).toBe(before + 2);
  });
});

describe('a renderer that fails, with the change feed', () => {
  let app: App;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    const renderer = path.join(webDist, 'renderer.mjs');
    fs.writeFileSync(
      renderer,
      "export const SSR_STATE_ID = 'ssr-state';\nexport async function renderPage() { globalThis.failedRenders = (globalThis.failedRenders ?? 0) + 1; throw new Error('boom'); }\n",
    );
    app = await buildTestApp({ answerCache: true, config: { webDist, webRenderer: renderer } });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('keeps no plain shell: the page is drawn again next time', async () => {
    const failures = () => (globalThis as { failedRenders?: number }).failedRenders ?? 0;
    const before = failures();
    for (let i = 0; i < 2; i++) {
      const response = await app.inject({ method: 'GET', url: '/catalogue/X' });
      expect(response.body).toContain('<div id="root"></div>');
    }
    expect(failures()).toBe(before + 2);
    expect(app.keptFront!.pages.size).toBe(0);
  });
});

describe('createKeptPages', () => {
  const live = () => true;
  const html = (size: number, mark = 'a') => `<p>${mark.repeat(size)}</p>`;

  it('holds MAX bytes at most, dropping the least recently sent page first', () => {
    const pages = createKeptPages(6000, 1000);
    pages.start(live);
    pages.keep('/a', pages.since(), ['articles'], html(2000));
    pages.keep('/b', pages.since(), ['articles'], html(2000));
    pages.get('/a');
    pages.keep('/c', pages.since(), ['articles'], html(2000));
    expect(pages.bytes).toBeLessThanOrEqual(6000);
    expect(pages.get('/b')).toBeUndefined();
    expect(pages.get('/a')).toBeDefined();
    expect(pages.get('/c')).toBeDefined();
    // A compressed copy counts too.
    const bytes = pages.bytes;
    const page = pages.get('/a')!;
    expect(zlib.gunzipSync(pages.body(page, 'gzip') as Buffer).toString()).toBe(page.html);
    expect(pages.bytes).toBeGreaterThan(bytes);
    expect(pages.body(page, null)).toBe(page.html);
    // Larger than the room: given, not kept.
    expect(pages.keep('/big', pages.since(), ['articles'], html(7000))?.html).toBe(html(7000));
    expect(pages.get('/big')).toBeUndefined();
  });

  it('drops a page at a change of its tables or of the settings, and keeps none drawn meanwhile', () => {
    const pages = createKeptPages();
    pages.start(live);
    pages.keep('/article/A', pages.since(), ['articles'], html(10));
    pages.keep('/menu', pages.since(), ['activities'], html(10));
    pages.onChange('articles');
    expect(pages.get('/article/A')).toBeUndefined();
    expect(pages.get('/menu')).toBeDefined();
    for (const table of PAGE_TABLES) {
      pages.keep('/menu', pages.since(), ['activities'], html(10));
      pages.onChange(table);
      expect(pages.get('/menu')).toBeUndefined();
    }
    const since = pages.since();
    pages.onChange('articles');
    expect(pages.keep('/article/A', since, ['articles'], html(10))).toBeUndefined();
    expect(pages.keep('/menu', since, ['activities'], html(10))).toBeDefined();
  });

  it('keeps the pages drawn from a missing answer in their own room, until any change', () => {
    const pages = createKeptPages(1_000_000, 2000);
    pages.start(live);
    pages.keep('/catalogue/F', pages.since(), ['families'], html(1000));
    for (let i = 0; i < 10; i++) pages.keep(`/article/X${i}`, pages.since(), null, html(500));
    expect(pages.bytes).toBeLessThanOrEqual(html(1000).length + 2000);
    expect(pages.get('/catalogue/F')).toBeDefined();
    expect(pages.get('/article/X9')).toBeDefined();
    expect(pages.get('/article/X0')).toBeUndefined();
    pages.onChange('orders');
    expect(pages.get('/article/X9')).toBeUndefined();
    expect(pages.get('/catalogue/F')).toBeDefined();
    const since = pages.since();
    pages.onChange('orders');
    expect(pages.keep('/article/X1', since, null, html(10))).toBeUndefined();
  });

  it('keeps nothing while the change feed is down, nor once stopped', () => {
    let up = false;
    const pages = createKeptPages();
    pages.start(() => up);
    expect(pages.keep('/', pages.since(), ['articles'], html(10))).toBeUndefined();
    up = true;
    pages.keep('/', pages.since(), ['articles'], html(10));
    expect(pages.get('/')).toBeDefined();
    up = false;
    expect(pages.get('/')).toBeUndefined();
    up = true;
    pages.stop();
    expect(pages.get('/')).toBeUndefined();
    expect(pages.size).toBe(0);
  });
});
