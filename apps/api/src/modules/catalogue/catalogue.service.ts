// The catalogue module's face to the other modules: what they may call, each from the file that
// serves it (docs/architecture/api-layers.md); its reads called as they are live in
// catalogue.reads.ts. The module's own files import those files, never this one.

// The viewer of a storefront request, its agency cookie, and how an article is sold.
export { AGENCY_COOKIE, sharedVisitorKey, venteOf, viewerOf, type Viewer } from './shopper.service';

// Storefront tiles (selection models, the account's reorder; the search panel dresses the rows it
// reads from catalogue.kept.ts with cardsOf) and lists (search results).
export { articleCards, cardsOf, variantCards } from './storefront-list.service';
export { browseArticles } from './storefront-list.service';
export { attributeFacets } from './article-attributes';
export { FAMILY_PAGE_TABLES } from './catalogue.kept';
// What the search index is built from.
export { packedSearchableArticles, searchableArticles } from './storefront-list.repository';

// The picture the product page's HTML names first.
export { productPicture } from './product-page.service';

// What the cart checks of an article it adds.
export { articleForCart, stockWhereViewerBuys } from './articles-for-cart.service';

// The back office's article calls (articles, groupings, selection models).
export {
  articleMeasures,
  deactivateArticle,
  findArticles,
  groupableArticles,
  type GroupableArticle,
} from './admin-articles.service';
export type { ArticleSearch } from './admin-articles.repository';

// The ERP imports' writes of articles, declinaisons, stock and units.
export {
  ensureUnits,
  upsertArticles,
  upsertStock,
  upsertUnits,
  upsertVariants,
} from './article-imports.service';
export type {
  ArticleWriteRow,
  StockWriteRow,
  UnitWriteRow,
  VariantWriteRow,
} from './article-imports.repository';
