// A visitor's storefront page read as a crawler or a link preview reads it: its head says what the
// page is (title, description, canonical address, Open Graph, a product's structured data).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SETTING_KEYS } from '@comptoir/shared/domain';
import type { App } from '../app';
import { createArticle, createFamily, createSetting } from '../test/factories';
import { buildTestApp } from '../test/helpers';

const INDEX =
  '<!doctype html><html lang="fr"><head><meta charset="UTF-8" />\n<meta\n  name="description"\n  content="La boutique"\n/>\n<title>Comptoir</title></head><body><div id="root"></div></body></html>';

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const structuredData = (html: string) => {
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as Record<string, unknown>);
};

let app: App;
let webDist: string;
const site = () => app.config.publicUrl;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-meta-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  app = await buildTestApp({ config: { webDist } });
  await createSetting(app, SETTING_KEYS.allowAnonymousAccess, '1');
  await createSetting(app, SETTING_KEYS.showAnonymousPrices, '1');
  await createFamily(app, { code: 'ISO', label: 'Isolation' });
  await createFamily(app, { code: 'ISO1', label: 'Laines minérales', parentCode: 'ISO' });
  await createArticle(app, {
    code: 'LV100',
    designation1: 'Laine de verre 100 mm',
    description: 'Rouleau de laine de verre "haute performance" <R=2,5>',
    priceHt: 25,
    familyCode: 'ISO1',
  });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('a product page', () => {
  it('carries its title, description, canonical address and Open Graph tags, once each', async () => {
    const response = await app.inject({ url: '/article/LV100?ref=chantier' });
    const head = headOf(response.body);
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head.match(/name="description"/g)).toHaveLength(1);
    expect(head).toContain('<title>Laine de verre 100 mm — Comptoir</title>');
    expect(head).toContain(
      '<meta name="description" content="Rouleau de laine de verre &quot;haute performance&quot; &lt;R=2,5&gt;">',
    );
    expect(head).toContain(`<link rel="canonical" href="${site()}/article/LV100">`);
    expect(head).toContain('<meta property="og:title" content="Laine de verre 100 mm — Comptoir">');
    expect(head).toContain('<meta property="og:type" content="product">');
    expect(head).toContain(`<meta property="og:image" content="${site()}/images/articles/LV100.svg">`);
  });

  it('gives its schema.org Product with the price including VAT when visitors see prices', async () => {
    const data = structuredData((await app.inject({ url: '/article/LV100' })).body);
    expect(data).toMatchObject({
      '@type': 'Product',
      sku: 'LV100',
      name: 'Laine de verre 100 mm',
      category: 'Laines minérales',
      offers: { '@type': 'Offer', priceCurrency: 'EUR', price: '30.00' },
    });
  });

  it('gives no price when visitors are not shown prices', async () => {
    const hidden = await buildTestApp({ config: { webDist } });
    try {
      await createSetting(hidden, SETTING_KEYS.allowAnonymousAccess, '1');
      await createSetting(hidden, SETTING_KEYS.showAnonymousPrices, '0');
      await createArticle(hidden, { code: 'LV100', designation1: 'Laine de verre 100 mm' });
      const data = structuredData((await hidden.inject({ url: '/article/LV100' })).body);
      expect(data).toMatchObject({ '@type': 'Product', sku: 'LV100' });
      expect(data).not.toHaveProperty('offers');
    } finally {
      await hidden.close();
    }
  });

  it('keeps the shop’s own head for an unknown article', async () => {
    const head = headOf((await app.inject({ url: '/article/INCONNU' })).body);
    expect(head).toContain('<title>Comptoir</title>');
    expect(head).not.toContain('canonical');
  });
});

describe('a category page', () => {
  it('says what the family holds, canonical without its sort or page', async () => {
    const head = headOf((await app.inject({ url: '/catalogue/ISO?tri=prix&page=2' })).body);
    expect(head).toContain('<title>Isolation — Comptoir</title>');
    expect(head).toContain('<meta name="description" content="Isolation : 1 article — Laines minérales.">');
    expect(head).toContain(`<link rel="canonical" href="${site()}/catalogue/ISO">`);
    expect(head).toContain('<meta property="og:type" content="website">');
    expect(structuredData(head)).toBeUndefined();
  });
});

describe('the home page', () => {
  it('names the shop, canonical at the root', async () => {
    const head = headOf((await app.inject({ url: '/' })).body);
    expect(head).toContain('<title>Comptoir</title>');
    expect(head).toContain(`<link rel="canonical" href="${site()}/">`);
  });

  it('is not changed for a logged-in customer', async () => {
    const head = headOf((await app.inject({ url: '/', headers: { cookie: 'comptoir_session=abc' } })).body);
    expect(head).not.toContain('canonical');
    expect(head).toContain('content="La boutique"');
  });
});
