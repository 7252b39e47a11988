// The catalogue's codes, texts and links the storefront's first load needs, apart from the schemas
// (catalogue.ts) so that it does not need zod.

/** Stock states (INFO_STOCK); docs/contract/catalogue-and-product-pages.md. */
export const STOCK_STATES = ['indisponible', 'enStock', 'surCommande', 'quantiteLimitee'] as const;
export type StockState = (typeof STOCK_STATES)[number];

/** What the storefront writes next to each state (always as text, never colour alone). */
export const STOCK_LABELS: Record<StockState, string> = {
  indisponible: 'Indisponible',
  enStock: 'En stock',
  surCommande: 'Sur commande',
  quantiteLimitee: 'Quantité limitée',
};

/** How a list of articles is sorted: relevance (a family: by designation), price, designation. */
export const ARTICLE_SORTS = ['pertinence', 'prix-croissant', 'prix-decroissant', 'designation'] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];

/** Whether a text (e.g. the page's URL parameter) is a sort. */
export const isArticleSort = (text: unknown): text is ArticleSort =>
  (ARTICLE_SORTS as readonly unknown[]).includes(text);

/** Storefront links (also built by the API). */
export const familyLink = (code: string) => `/catalogue/${encodeURIComponent(code)}`;
export const articleLink = (code: string) => `/article/${encodeURIComponent(code)}`;
