import { LOADING_LABEL } from './labels';
import classes from './page-loader.module.css';

/** Shown while a page's code or its session check is loading (Mantine's Loader look, without its code). */
export function PageLoader({ height = '50vh' }: { height?: string | number }) {
  return (
    <div className={classes.box} style={{ height }}>
      <span className={classes.loader} role="status" aria-label={LOADING_LABEL} />
    </div>
  );
}
