// The legal pages (docs/contract/legal-pages.md): Markdown drawn as sanitised HTML on the server,
// one version per save, administrators only for the writes, public for the reading.
import { SITE_PAGE_MESSAGES, type SitePageAnswer, type SitePageEdit } from '@comptoir/shared/site-pages';
import { createAgency } from '../../test/factories';
import { buildAppAs, createCustomerUser, loginAs, type App, type SessionHeaders } from '../../test/helpers';
import { renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('draws the Markdown a page needs: headings, lists, emphasis, links', () => {
    expect(
      renderMarkdown('# Titre\n\n## Article 1\n\n- *un*\n- **deux**\n\n[Contact](https://example.fr)'),
    ).toBe(
      '<h2>Titre</h2>\n<h2>Article 1</h2>\n<ul>\n<li><em>un</em></li>\n<li><strong>deux</strong></li>\n</ul>\n' +
        '<p><a href="https://example.fr">Contact</a></p>\n',
    );
  });

  it('never renders a script, an event attribute or a javascript: link', () => {
    const html = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(1)">',
        '[clic](javascript:alert(1))',
        '<a href="javascript:alert(1)">a</a>',
        '<iframe src="https://evil.example"></iframe>',
        '<p style="color:red" onclick="alert(1)">texte</p>',
      ].join('\n\n'),
    );
    // No tag of the text survives as a tag, nor any event attribute or javascript: link on one.
    expect(html).not.toMatch(/<(script|img|iframe)|<[^>]*\s(on\w+=|href="javascript:)/i);
    // Raw HTML is written out as text, harmless.
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('the pages', () => {
  let app: App;
  let admin: SessionHeaders;
  beforeAll(async () => {
    ({ app, headers: admin } = await buildAppAs('admin'));
  });
  afterAll(() => app.close());

  const save = (page: string, markdown: string, headers: Record<string, string> = admin) =>
    app.inject({ method: 'PUT', url: `/admin/pages/${page}`, headers, payload: { markdown } });

  it('shows a page without a saved text as empty, with no version', async () => {
    const response = await app.inject({ url: '/rest/pages/mentions-legales' });
    expect(response.statusCode).toBe(200);
    expect(response.json<SitePageAnswer>()).toEqual({
      page: 'mentions-legales',
      titre: 'Mentions légales',
      html: '',
      version: null,
      date: null,
      agences: [],
    });
  });

  it('makes each save a new version, and the storefront shows the latest at once, sanitised', async () => {
    const first = await save('cgv', '## Article 1\n\nPremière.');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<SitePageEdit>().message).toBe(
      'Page « Conditions générales de vente » enregistrée : version 1',
    );
    expect((await app.inject({ url: '/rest/pages/cgv' })).json<SitePageAnswer>().version).toBe(1);

    const second = await save('cgv', '## Article 1\n\nSeconde <script>alert(1)</script>');
    const edit = second.json<SitePageEdit>();
    expect(edit.markdown).toBe('## Article 1\n\nSeconde <script>alert(1)</script>');
    expect(edit.versions.map((v) => [v.version, v.login])).toEqual(
      [
        [2, 'admin'],
        [1, 'admin'],
      ].map(([version]) => [version, expect.any(String)]),
    );
    const page = (await app.inject({ url: '/rest/pages/cgv' })).json<SitePageAnswer>();
    expect(page.version).toBe(2);
    expect(page.html).toBe('<h2>Article 1</h2>\n<p>Seconde &lt;script&gt;alert(1)&lt;/script&gt;</p>\n');
    expect(page.date).toBeGreaterThan(0);
  });

  it('gives the contact page every agency with its address, phone and opening hours', async () => {
    await createAgency(app, {
      code: 'CTA',
      label: 'Agence de Bron',
      address: '1 rue du Dépôt',
      postalCode: '69500',
      city: 'Bron',
      phone: '04 72 00 00 00',
      openingHours: 'Lundi au vendredi : 7 h – 17 h',
    });
    await save('contact', 'Écrivez-nous.');
    const page = (await app.inject({ url: '/rest/pages/contact' })).json<SitePageAnswer>();
    expect(page.html).toBe('<p>Écrivez-nous.</p>\n');
    expect(page.agences).toContainEqual({
      code: 'CTA',
      libelle: 'Agence de Bron',
      adresse: '1 rue du Dépôt',
      codePostal: '69500',
      ville: 'Bron',
      telephone: '04 72 00 00 00',
      horaires: 'Lundi au vendredi : 7 h – 17 h',
    });
  });

  it('previews a text as the storefront will show it', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/admin/pages/apercu',
      headers: admin,
      payload: { markdown: '**gras** <b onclick="x">b</b>' },
    });
    expect(response.json()).toEqual({
      html: '<p><strong>gras</strong> &lt;b onclick="x"&gt;b&lt;/b&gt;</p>\n',
    });
  });

  it('refuses an empty text or an unknown page, saving nothing', async () => {
    const empty = await save('mentions-legales', '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(SITE_PAGE_MESSAGES.textRequired);
    const unknown = await save('accueil', 'x');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(SITE_PAGE_MESSAGES.unknownPage);
    expect((await app.inject({ url: '/rest/pages/mentions-legales' })).json().version).toBeNull();
  });

  it('lets only administrators edit, anyone read', async () => {
    expect((await save('cgv', 'x', {})).statusCode).toBe(401);
    const customer = await loginAs(app, await createCustomerUser(app));
    expect((await save('cgv', 'x', customer)).statusCode).toBe(403);
    expect((await app.inject({ url: '/admin/pages/cgv', headers: customer })).statusCode).toBe(403);
    expect((await app.inject({ url: '/rest/pages/cgv', headers: customer })).statusCode).toBe(200);
  });
});
