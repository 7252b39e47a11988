// A storefront article as a tile a customer can buy from: the stock as the shop shows it, and a quantity
// with 'Ajouter au panier' (category page, the home's 'Commandé récemment'). Apart from article-tile.ts
// so that the home's first load, which shows tiles without it, does not carry the quantity input.
import type { AffichageStock, ArticleCard } from '@comptoir/shared/catalogue';
import type { ArticleTileData } from './article-grid';
import { articleTileOf } from './article-tile';
import { QuickAdd } from './quick-add';
import { StockBadge } from './stock-badge';

export const buyableTileOf = (
  article: ArticleCard,
  affichageStock: AffichageStock,
  ttcFirst: boolean,
): ArticleTileData => ({
  ...articleTileOf(
    article,
    <StockBadge stock={article.infoStock} mode={affichageStock} unit={article.uniteStock} />,
    ttcFirst,
  ),
  action: (
    <QuickAdd
      codeArticle={article.codeArticle}
      designation={article.designation}
      hasVariants={article.hasDeclinaisons}
      href={article.lien}
      sale={{
        vente: article.vente,
        unit: article.uniteTarif,
        stock: article.infoStock,
        stockUnit: article.uniteStock,
      }}
    />
  ),
});
