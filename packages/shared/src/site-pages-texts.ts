// The storefront's legal pages (docs/contract/legal-pages.md): their codes, titles and web paths,
// nothing else, apart from the schemas and messages (site-pages.ts, which re-exports them) so that the
// storefront's footer, in every page's first load, stays small and loads no zod; the default texts
// are in site-pages-defaults.ts (the demo data's).

/** The pages whose text the back office edits ('Pages du site'). */
export const SITE_PAGES = ['cgv', 'mentions-legales', 'contact'] as const;
export type SitePage = (typeof SITE_PAGES)[number];

export const SITE_PAGE_TITLES: Record<SitePage, string> = {
  cgv: 'Conditions générales de vente',
  'mentions-legales': 'Mentions légales',
  contact: 'Contact',
};

/** The storefront's address of each page. */
export const SITE_PAGE_PATHS: Record<SitePage, string> = {
  cgv: '/conditions-generales-de-vente',
  'mentions-legales': '/mentions-legales',
  contact: '/contact',
};
