// What index.html tells the browser to fetch at once for the storefront page it opens
// (docs/performance/lighthouse.md). Without it the browser finds the page's code only once the app's
// entry has run (the layout and the pages are lazily loaded chunks), and its data and main picture
// only once that code has run: three round trips in turn before the first paint of the content.
// The chunks come from Vite's manifest, read once; per request only a few strings are joined.
import fs from 'node:fs';
import path from 'node:path';
import { firstFamilyPageUrl } from '@comptoir/shared/catalogue';
import { pictureSources } from '@comptoir/shared/images';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The source of each lazily loaded module a storefront page starts with (apps/web/src/app/router.tsx). */
const SHOP_LAYOUT = 'src/app/layouts/shop-layout.tsx';
const PAGE_MODULES = {
  home: 'src/app/routes/shop/home.tsx',
  category: 'src/app/routes/shop/category.tsx',
  product: 'src/app/routes/shop/product.tsx',
} as const;
type ShopPage = keyof typeof PAGE_MODULES;

/**
 * Answers every storefront page asks first: who is logged in and what a visitor may see
 * (shop-access.ts), then the header's agency and menu.
 */
const SHOP_ANSWERS = ['/auth/me', '/catalogue/acces', '/rest/agence', '/menu/activites'];
const HOME_ANSWERS = ['/catalogue/categories', '/catalogue/selection'];

/** What the product page draws its picture at (product-page.tsx). */
const PRODUCT_PICTURE = { width: 560, sizes: '(max-width: 48em) 100vw, 40vw' };

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const fetchHint = (url: string) => `<link rel="preload" as="fetch" crossorigin href="${attribute(url)}">`;

/** The page a path opens and the code in it (decoded as the router reads it); null for any other page. */
export function shopPageOf(urlPath: string): { page: ShopPage; code: string } | null {
  if (urlPath === '/') return { page: 'home', code: '' };
  const match = /^\/(catalogue|article)\/([^/]+)$/.exec(urlPath);
  if (!match) return null;
  let code: string;
  try {
    code = decodeURIComponent(match[2]!);
  } catch {
    return null;
  }
  return { page: match[1] === 'catalogue' ? 'category' : 'product', code };
}

export interface PageHints {
  /**
   * The `<link>` tags for the page at `urlPath` (without its query); `picture` gives the product page's
   * main picture, undefined when the article has none or is unknown. A page `rendered` by the server
   * carries its answers: only its chunks (for the hydration) and its picture are named.
   */
  forPage(
    urlPath: string,
    search: string,
    picture: (code: string) => Promise<string | undefined>,
    rendered?: boolean,
  ): Promise<string>;
}

/** The hints of the built app in `root`; none when it has no manifest (an app built without one). */
export function readPageHints(root: string): PageHints {
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  const manifest: Manifest = fs.existsSync(manifestFile)
    ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest)
    : {};
  // What index.html loads already: its entry and the chunks the entry imports.
  const loaded = new Set<string>();
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, loaded);
  /**
   * The modulepreload and stylesheet tags of these modules and what they import, minus the entry's.
   * For a page drawn by the server (`styled`) only its stylesheets, applied: its HTML is painted before
   * the chunks run, and the chunks, needed only for the hydration, would share the connection with its
   * picture (docs/performance/lighthouse.md); the entry asks them when it runs.
   */
  const chunkHints = (modules: string[], styled = false) => {
    const keys = new Set<string>();
    for (const module of modules) closure(module, keys);
    const chunks = [...keys].filter((key) => !loaded.has(key)).map((key) => manifest[key]!);
    // Vite's loader adds each chunk's stylesheet when it imports the chunk (none already in the page):
    // fetched now, it is ready then.
    const style = styled ? 'rel="stylesheet"' : 'rel="preload" as="style"';
    return [
      ...chunks.flatMap((chunk) =>
        (chunk.css ?? []).map((css) => `<link ${style} crossorigin href="/${css}">`),
      ),
      ...(styled
        ? []
        : chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`)),
    ].join('');
  };
  const layoutOnly = chunkHints([SHOP_LAYOUT]);
  const pageChunks = (styled: boolean) =>
    Object.fromEntries(
      Object.entries(PAGE_MODULES).map(([page, module]) => [page, chunkHints([SHOP_LAYOUT, module], styled)]),
    ) as Record<ShopPage, string>;
  const drawnChunks = { browser: pageChunks(false), server: pageChunks(true) };
  const shopAnswers = SHOP_ANSWERS.map(fetchHint).join('');
  const homeAnswers = HOME_ANSWERS.map(fetchHint).join('');

  return {
    async forPage(urlPath, search, picture, rendered = false) {
      if (urlPath.startsWith('/openweb/')) return '';
      const opened = shopPageOf(urlPath);
      if (!opened) return layoutOnly + shopAnswers;
      // Drawn by the browser, not the home's chunks: fetched with the entry they delayed its first and
      // largest paint (its picture tiles wait for the answers, not for the code;
      // docs/performance/lighthouse.md). Drawn by the server, the paint waits for neither.
      if (opened.page === 'home' && !rendered) return shopAnswers + homeAnswers;
      const hints = [drawnChunks[rendered ? 'server' : 'browser'][opened.page]];
      if (!rendered) hints.push(shopAnswers);
      // With a sort, filter or page in the URL the page asks another address: nothing guessed.
      if (opened.page === 'category' && search === '' && !rendered)
        hints.push(fetchHint(firstFamilyPageUrl(opened.code)));
      if (opened.page === 'product') {
        if (!rendered) hints.push(fetchHint(`/catalogue/articles/${encodeURIComponent(opened.code)}`));
        const image = await picture(opened.code);
        if (image) {
          const { src, srcSet } = pictureSources(image, PRODUCT_PICTURE.width);
          const set = srcSet
            ? ` imagesrcset="${attribute(srcSet)}" imagesizes="${PRODUCT_PICTURE.sizes}"`
            : '';
          hints.push(`<link rel="preload" as="image" fetchpriority="high" href="${attribute(src)}"${set}>`);
        }
      }
      return hints.join('');
    },
  };
}
