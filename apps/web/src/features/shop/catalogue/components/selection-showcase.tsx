// The home's promotion block: the latest article-selection model an administrator saved, its families as
// links and its articles as tiles. Nothing shows when there is no model or it is empty.
import { Link } from '../../../../lib/router';
import { ArticleGrid } from '../../../../components/ui/article-grid';
import { plainAnchorClass } from '../../../../components/ui/plain';
import type { SelectionVitrine } from '@comptoir/shared/selection-models';
import { articleTileOf } from '../../../../components/ui/article-tile';
import { useTtcFirst } from '../../../../lib/shop-access';
import { CATALOGUE_LABELS } from '../labels';
import classes from './selection-showcase.module.css';

/** `data`: the answer of GET /catalogue/selection, asked by the page (it waits for it before drawing). */
export function SelectionShowcase({ data }: { data: SelectionVitrine | null | undefined }) {
  const ttcFirst = useTtcFirst();
  if (!data || (data.articles.length === 0 && data.familles.length === 0)) return null;
  return (
    <section aria-labelledby="selection-showcase" className={classes.root}>
      <h2 id="selection-showcase" className={classes.title}>
        {CATALOGUE_LABELS.selection(data.nom)}
      </h2>
      {data.familles.length > 0 ? (
        <div className={classes.families}>
          {data.familles.map((family) => (
            <Link key={family.code} to={family.lien} className={plainAnchorClass}>
              {family.libelle}
            </Link>
          ))}
        </div>
      ) : null}
      <ArticleGrid
        label={CATALOGUE_LABELS.selection(data.nom)}
        articles={data.articles.map((article) => articleTileOf(article, null, ttcFirst))}
      />
    </section>
  );
}
