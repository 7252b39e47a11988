// A storefront article (an ArticleCard of the API) as a tile of the article grid, with the stock shown
// as the caller decides (category page, the home's selection and recently ordered blocks).
import type { ReactNode } from 'react';
import type { ArticleCard } from '@comptoir/shared/catalogue';
import { PRICES_HIDDEN_TEXT } from '@comptoir/shared/connection-settings-texts';
import { formatShopPrice } from '@comptoir/shared/format';
import type { ArticleTileData } from './article-grid';

/**
 * A tile's price lines (formatShopPrice: incl. tax first when `ttcFirst`, the other below); none when
 * the price is hidden.
 */
export function tilePrice(
  article: { prixHT?: number; prixTTC?: number; uniteTarif: string },
  ttcFirst: boolean,
): Pick<ArticleTileData, 'price' | 'priceOther'> {
  if (article.prixHT === undefined) return {};
  // Without its price incl. tax (an answer of an older server), the price excl. tax alone.
  const ttc = article.prixTTC;
  const texts = formatShopPrice(
    { ht: article.prixHT, ttc: ttc ?? 0 },
    article.uniteTarif,
    ttcFirst && ttc !== undefined,
  );
  return ttc === undefined ? { price: texts.main } : { price: texts.main, priceOther: texts.other };
}

export const articleTileOf = (article: ArticleCard, stock: ReactNode, ttcFirst = false): ArticleTileData => ({
  key: article.codeArticle,
  href: article.lien,
  designation: article.designation,
  codeArticle: article.codeArticle,
  hasVariants: article.hasDeclinaisons,
  image: article.image ? { src: article.image, alt: article.designation } : null,
  ...(article.prixHT === undefined ? { price: PRICES_HIDDEN_TEXT } : tilePrice(article, ttcFirst)),
  stock,
});
