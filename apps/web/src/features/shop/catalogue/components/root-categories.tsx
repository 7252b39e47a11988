import { Link } from '../../../../lib/router';
import { EMPTY_TEXTS } from '@comptoir/shared/messages';
import { errorMessage } from '../../../../lib/api';
import { AlertIcon } from '../../../../components/ui/icons';
import { PlainAlert, plainCardClass } from '../../../../components/ui/plain';
import { useRootCategories } from '../api/get-root-categories';
import { CATALOGUE_LABELS } from '../labels';
import classes from './root-categories.module.css';

/** The root categories as a grid of cards, each a link to its category page. */
export function RootCategories() {
  const { data, isPending, isError, error } = useRootCategories();

  if (isPending) {
    return (
      <div className={classes.grid} aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className={classes.skeleton} />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <PlainAlert color="red" icon={<AlertIcon />}>
        {errorMessage(error)}
      </PlainAlert>
    );
  }
  if (data.length === 0) return <p className={classes.empty}>{EMPTY_TEXTS.table}</p>;

  return (
    <ul className={classes.grid}>
      {data.map((category) => (
        <li key={category.code}>
          <Link to={category.lien} className={`${plainCardClass} ${classes.card}`}>
            <p className={classes.label}>{category.libelle}</p>
            <p className={classes.count}>{CATALOGUE_LABELS.articleCount(category.nbArticles)}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
