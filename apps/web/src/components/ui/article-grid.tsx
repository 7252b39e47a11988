// The storefront's grid of article tiles (category page, search results): image, designation linked
// to the product page, reference, optional price, and the stock badge the caller gives.
import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import { ArticlePicture } from './article-picture';
import { plainAnchorClass, plainCardClass } from './plain';
import { ARTICLE_TILE_LABELS as L } from './labels';
import classes from './article-grid.module.css';

export interface ArticleTileData {
  key: string;
  /** The product page's link. */
  href: string;
  designation: string;
  codeArticle: string;
  hasVariants: boolean;
  image: { src: string; alt: string } | null;
  /** e.g. '12,50 € HT / SAC'; absent where the list shows no price. */
  price?: string;
  /** Below it, the other price: e.g. '15,00 € TTC' (tilePrice). */
  priceOther?: string;
  stock: ReactNode;
  /** Under the stock: e.g. a quantity and 'Ajouter au panier'. */
  action?: ReactNode;
}

export function ArticleGrid({
  articles,
  label,
  busy = false,
}: {
  articles: ArticleTileData[];
  label?: string;
  busy?: boolean;
}) {
  return (
    <ul className={classes.grid} aria-label={label} aria-busy={busy}>
      {articles.map((article) => (
        <li key={article.key}>
          <ArticleTile article={article} />
        </li>
      ))}
    </ul>
  );
}

/** A tile is at least 220 px wide (the grid's columns) and rarely above 300. */
const TILE_PICTURE_WIDTH = 300;

function ArticleTile({ article }: { article: ArticleTileData }) {
  return (
    <div className={`${plainCardClass} ${classes.card}`}>
      {article.image ? (
        <ArticlePicture
          src={article.image.src}
          alt={article.image.alt}
          width={TILE_PICTURE_WIDTH}
          sizes={`(max-width: 36em) 100vw, ${TILE_PICTURE_WIDTH}px`}
          className={classes.image}
        />
      ) : (
        <div className={classes.image} aria-hidden="true" />
      )}
      <Link to={article.href} className={`${plainAnchorClass} ${classes.designation}`}>
        {article.designation}
      </Link>
      <p className={classes.reference}>
        {L.reference(article.codeArticle)}
        {article.hasVariants ? L.severalVariants : ''}
      </p>
      {article.price ? <p className={classes.price}>{article.price}</p> : null}
      {article.priceOther ? <p className={classes.priceOther}>{article.priceOther}</p> : null}
      {article.stock}
      {article.action}
    </div>
  );
}

/** The grid's layout for skeletons shown while the first page loads. */
export const articleGridClass = classes.grid;
