// A storefront article (an ArticleCard of the API) as a tile of the article grid, with the stock shown
// as the caller decides (category page, the home's selection and recently ordered blocks).
import type { ReactNode } from 'react';
import type { ArticleCard } from '@comptoir/shared/catalogue';
import { PRICES_HIDDEN_TEXT } from '@comptoir/shared/connection-settings-texts';
import { formatEuros } from '@comptoir/shared/format';
import type { ArticleTileData } from './article-grid';
import { ARTICLE_TILE_LABELS } from './labels';

export const articleTileOf = (article: ArticleCard, stock: ReactNode): ArticleTileData => ({
  key: article.codeArticle,
  href: article.lien,
  designation: article.designation,
  codeArticle: article.codeArticle,
  hasVariants: article.hasDeclinaisons,
  image: article.image ? { src: article.image, alt: article.designation } : null,
  price:
    article.prixHT === undefined
      ? PRICES_HIDDEN_TEXT
      : ARTICLE_TILE_LABELS.price(formatEuros(article.prixHT), article.uniteTarif),
  stock,
});
