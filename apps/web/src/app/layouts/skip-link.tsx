import classes from './skip-link.module.css';

export const MAIN_ID = 'contenu';

export function SkipLink() {
  return (
    <a href={`#${MAIN_ID}`} className={classes.skip}>
      Aller au contenu
    </a>
  );
}
