// What a storefront page tells crawlers and link previews (a link shared on a building site): its
// title, description and canonical address, its Open Graph tags and, for a product, its schema.org
// structured data; and the shop's robots.txt and sitemap. Pure: the server gives the page's data.

export const SHOP_NAME = 'Comptoir';
/** What the home page says of the shop (also index.html's description). */
export const SHOP_DESCRIPTION =
  'Comptoir : négoce de matériaux de construction, boutique en ligne pour les professionnels et les particuliers';
/** Search engines show about this many characters of a description. */
export const DESCRIPTION_MAX_CHARS = 160;
/** A sitemap file lists at most this many addresses (sitemaps.org); beyond, an index of files. */
export const SITEMAP_MAX_URLS = 50_000;

export interface ProductOffer {
  /** Price including VAT, in euros (the product page's prixTTC). */
  priceTTC: number;
  inStock: boolean;
}

export interface PageMeta {
  title: string;
  description: string;
  /** The page's address without its query, from the site's root ('/article/100016'). */
  path: string;
  /** The page's picture, from the site's root or absolute. */
  image?: string;
  /** A product page: its structured data; `offer` only when visitors are shown prices. */
  product?: { code: string; name: string; category: string; offer?: ProductOffer };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An absolute address on the site at `publicUrl` (no trailing slash). */
const absolute = (publicUrl: string, pathOrUrl: string) =>
  /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl}`;

/** One line of text, cut at a word under DESCRIPTION_MAX_CHARS with an ellipsis when longer. */
export function shortDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_MAX_CHARS) return line;
  const cut = line.slice(0, DESCRIPTION_MAX_CHARS - 1);
  const lastBlank = cut.lastIndexOf(' ');
  return `${(lastBlank > DESCRIPTION_MAX_CHARS / 2 ? cut.slice(0, lastBlank) : cut).trimEnd()}…`;
}

/** JSON inside a <script> element: '<' escaped so that no '</script>' can end it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** schema.org Product (with an Offer when the price is shown). */
export function productStructuredData(meta: PageMeta, publicUrl: string): Record<string, unknown> | null {
  const { product } = meta;
  if (!product) return null;
  const url = absolute(publicUrl, meta.path);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.code,
    description: meta.description,
    category: product.category,
    url,
    ...(meta.image ? { image: absolute(publicUrl, meta.image) } : {}),
    ...(product.offer
      ? {
          offers: {
            '@type': 'Offer',
            url,
            priceCurrency: 'EUR',
            price: product.offer.priceTTC.toFixed(2),
            availability: product.offer.inStock
              ? 'https://schema.org/InStock'
              : 'https://schema.org/BackOrder',
          },
        }
      : {}),
  };
}

/** The <head> tags of a page: title, description, canonical link, Open Graph, structured data. */
export function pageHeadTags(meta: PageMeta, publicUrl: string): string {
  const url = absolute(publicUrl, meta.path);
  const property = (name: string, value: string) =>
    `<meta property="${name}" content="${escapeHtml(value)}">`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    property('og:site_name', SHOP_NAME),
    property('og:locale', 'fr_FR'),
    property('og:type', meta.product ? 'product' : 'website'),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', url),
  ];
  if (meta.image) tags.push(property('og:image', absolute(publicUrl, meta.image)));
  const structured = productStructuredData(meta, publicUrl);
  if (structured) tags.push(`<script type="application/ld+json">${scriptJson(structured)}</script>`);
  return tags.join('');
}

/**
 * Where crawlers may go: the storefront's pages, not the back office, the cart, the account, the
 * login pages, the search results (endless addresses of one catalogue) or the API.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /openweb/',
    'Disallow: /panier',
    'Disallow: /compte',
    'Disallow: /connexion',
    'Disallow: /inscription',
    'Disallow: /mot-de-passe-oublie',
    'Disallow: /recherche',
    'Disallow: /rest/',
    'Disallow: /admin/',
    'Disallow: /auth/',
    'Disallow: /service/',
    'Disallow: /tag/',
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A sitemap of these paths (from the site's root). */
export function sitemapXml(publicUrl: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `<url><loc>${escapeXml(absolute(publicUrl, path))}</loc></url>`);
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

/** A sitemap index naming `files` sitemaps, /sitemap-1.xml … /sitemap-N.xml. */
export function sitemapIndexXml(publicUrl: string, files: number): string {
  const entries = Array.from(
    { length: files },
    (_, index) => `<sitemap><loc>${escapeXml(`${publicUrl}/sitemap-${index + 1}.xml`)}</loc></sitemap>`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}
