// robots.txt and the sitemap as a crawler reads them (docs/contract/crawlers-and-links.md).
import { SETTING_KEYS } from '@comptoir/shared/domain';
import { SITEMAP_MAX_URLS } from '@comptoir/shared/page-meta';
import { createArticle, createFamily, createSetting } from '../../test/factories';
import { buildTestApp, type App } from '../../test/helpers';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
  await createSetting(app, SETTING_KEYS.allowAnonymousAccess, '1');
  const root = await createFamily(app, { code: 'GO', label: 'Gros œuvre' });
  await createFamily(app, { code: 'GO01', label: 'Blocs', parentCode: root.code });
  await createFamily(app, { code: 'VIDE', label: 'Famille sans article' });
  await createArticle(app, { code: 'BLOC20', familyCode: 'GO01' });
  await createArticle(app, { code: 'A&B', familyCode: 'GO01' });
  await createArticle(app, { code: 'OLD', familyCode: 'GO01', active: false });
});
afterAll(() => app.close());

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
const site = () => app.config.publicUrl;

describe('GET /robots.txt', () => {
  it('keeps crawlers out of the back office, the cart and the account, and names the sitemap', async () => {
    const response = await app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain('Disallow: /openweb/\n');
    expect(response.body).toContain('Disallow: /panier\n');
    expect(response.body).toContain('Disallow: /compte\n');
    expect(response.body).toContain(`Sitemap: ${site()}/sitemap.xml`);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the home page, the legal pages, the families with articles and the active articles', async () => {
    const response = await app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urls = locations(response.body);
    expect(urls).toEqual(
      expect.arrayContaining([
        `${site()}/`,
        `${site()}/conditions-generales-de-vente`,
        `${site()}/catalogue/GO`,
        `${site()}/catalogue/GO01`,
        `${site()}/article/BLOC20`,
        `${site()}/article/A%26B`,
      ]),
    );
    expect(urls).not.toContain(`${site()}/article/OLD`);
    expect(urls).not.toContain(`${site()}/catalogue/VIDE`);
    expect(urls.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
  });

  it('has no second file while one is enough', async () => {
    expect((await app.inject({ url: '/sitemap-2.xml' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/sitemap-1.xml' })).statusCode).toBe(404);
  });
});

describe('a shop closed to visitors', () => {
  let closed: App;
  beforeAll(async () => {
    closed = await buildTestApp();
    await createSetting(closed, SETTING_KEYS.allowAnonymousAccess, '0');
  });
  afterAll(() => closed.close());

  it('tells every crawler to keep out, and gives no sitemap without a session', async () => {
    expect((await closed.inject({ url: '/robots.txt' })).body).toBe('User-agent: *\nDisallow: /\n');
    expect((await closed.inject({ url: '/sitemap.xml' })).statusCode).toBe(401);
  });
});
