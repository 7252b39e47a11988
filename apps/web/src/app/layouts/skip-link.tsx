import { APP_LABELS } from '../labels';
import classes from './skip-link.module.css';

export const MAIN_ID = 'contenu';

export function SkipLink() {
  return (
    <a href={`#${MAIN_ID}`} className={classes.skip}>
      {APP_LABELS.skipLink}
    </a>
  );
}
