import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_MAX_CHARS,
  pageHeadTags,
  productStructuredData,
  robotsTxt,
  shortDescription,
  sitemapIndexXml,
  sitemapXml,
  type PageMeta,
} from './page-meta';

const SITE = 'https://boutique.example.fr';

const product: PageMeta = {
  title: 'Plaque de plâtre BA13 — Comptoir',
  description: 'Plaque standard 2500 x 1200 mm',
  path: '/article/100016',
  image: '/images/photos/ba13.jpg?largeur=640',
  product: {
    code: '100016',
    name: 'Plaque de plâtre BA13',
    category: 'Plaques de plâtre',
    offer: { priceTTC: 9.6, inStock: true },
  },
};

describe('pageHeadTags', () => {
  it('gives the title, description, canonical address and Open Graph tags', () => {
    const tags = pageHeadTags(product, SITE);
    expect(tags).toContain('<title>Plaque de plâtre BA13 — Comptoir</title>');
    expect(tags).toContain('<meta name="description" content="Plaque standard 2500 x 1200 mm">');
    expect(tags).toContain(`<link rel="canonical" href="${SITE}/article/100016">`);
    expect(tags).toContain('<meta property="og:type" content="product">');
    expect(tags).toContain(`<meta property="og:image" content="${SITE}/images/photos/ba13.jpg?largeur=640">`);
    expect(tags).toContain('<meta property="og:locale" content="fr_FR">');
  });

  it('escapes what the ERP wrote, and no text can end the structured data script', () => {
    const hostile: PageMeta = {
      ...product,
      title: 'Vis "6x40" <b>&</b>',
      product: { ...product.product!, name: '</script><script>alert(1)</script>' },
    };
    const tags = pageHeadTags(hostile, SITE);
    expect(tags).toContain('<title>Vis &quot;6x40&quot; &lt;b&gt;&amp;&lt;/b&gt;</title>');
    const script = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(tags)![1]!;
    expect(script).not.toContain('<');
    expect(JSON.parse(script).name).toBe('</script><script>alert(1)</script>');
  });

  it('marks a category or the home page as a website, without structured data', () => {
    const tags = pageHeadTags(
      { title: 'Isolation — Comptoir', description: 'Isolants', path: '/catalogue/IS' },
      SITE,
    );
    expect(tags).toContain('<meta property="og:type" content="website">');
    expect(tags).not.toContain('ld+json');
    expect(tags).not.toContain('og:image');
  });
});

describe('productStructuredData', () => {
  it('is a schema.org Product with its offer in euros when the price is shown', () => {
    expect(productStructuredData(product, SITE)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Plaque de plâtre BA13',
      sku: '100016',
      description: 'Plaque standard 2500 x 1200 mm',
      category: 'Plaques de plâtre',
      url: `${SITE}/article/100016`,
      image: `${SITE}/images/photos/ba13.jpg?largeur=640`,
      offers: {
        '@type': 'Offer',
        url: `${SITE}/article/100016`,
        priceCurrency: 'EUR',
        price: '9.60',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('has no offer when visitors are not shown prices', () => {
    const data = productStructuredData(
      { ...product, product: { ...product.product!, offer: undefined } },
      SITE,
    );
    expect(data).not.toHaveProperty('offers');
    expect(data).toMatchObject({ '@type': 'Product', sku: '100016' });
  });
});

describe('shortDescription', () => {
  it('keeps a short text on one line', () => {
    expect(shortDescription('  Plaque\n standard  ')).toBe('Plaque standard');
  });

  it('never passes the length search engines show, cutting at a word', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (text) => {
        const short = shortDescription(text);
        expect(short.length).toBeLessThanOrEqual(DESCRIPTION_MAX_CHARS);
        if (short.endsWith('…')) expect(text.replace(/\s+/g, ' ')).toContain(short.slice(0, -1).trimEnd());
      }),
    );
  });
});

describe('robots.txt and the sitemap', () => {
  it('keeps crawlers out of the back office, the cart and the account, and names the sitemap', () => {
    const robots = robotsTxt(SITE);
    for (const path of ['/openweb/', '/panier', '/compte', '/rest/', '/admin/'])
      expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });

  it('lists absolute, escaped addresses', () => {
    const xml = sitemapXml(SITE, ['/', '/catalogue/A&B']);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain(`<url><loc>${SITE}/</loc></url>`);
    expect(xml).toContain(`<url><loc>${SITE}/catalogue/A&amp;B</loc></url>`);
  });

  it('indexes several files', () => {
    const xml = sitemapIndexXml(SITE, 2);
    expect(xml).toContain(`<sitemap><loc>${SITE}/sitemap-1.xml</loc></sitemap>`);
    expect(xml).toContain(`<sitemap><loc>${SITE}/sitemap-2.xml</loc></sitemap>`);
  });
});
