// The multi-level category selector: up to five dropdowns, from the root families down, and a link
// button to the deepest chosen one. Native selects keep it keyboard-usable and narrow-screen friendly.
import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import {
  CATEGORY_SELECTOR_LABELS as LABELS,
  CATEGORY_SELECTOR_MAX_LEVELS,
  categorySelectorLink,
  chooseCategoryLevel,
} from '@comptoir/shared/category-selector';
import { PlainButton, PlainLinkButton, PlainSelect } from '../../../../components/ui/plain';
import { useHydrated } from '../../../../lib/hydrated';
import { useRootCategories } from '../api/get-root-categories';
import { subCategoriesQueryOptions } from '../api/get-sub-categories';
import classes from './category-selector.module.css';

interface Choice {
  value: string;
  label: string;
}

/** `initialPath`: the codes already chosen, from the root (a category page passes its breadcrumb). */
export function CategorySelector({ initialPath = [] }: { initialPath?: readonly string[] }) {
  const [path, setPath] = useState(() => initialPath.slice(0, CATEGORY_SELECTOR_MAX_LEVELS));
  const roots = useRootCategories();
  // Drawn by the server for a visitor: a choice made before the hydration would be reset by it.
  const hydrated = useHydrated();
  // Each chosen level loads the next one's choices (cached: going back and forth asks nothing twice).
  const children = useQueries({
    queries: path.slice(0, CATEGORY_SELECTOR_MAX_LEVELS - 1).map(subCategoriesQueryOptions),
  });
  const levels: Choice[][] = [
    (roots.data ?? []).map((c) => ({ value: c.code, label: c.libelle })),
    ...children.map((query) => (query.data?.items ?? []).map((i) => ({ value: i.CODE, label: i.LIBELLE }))),
  ];
  const link = categorySelectorLink(path);

  return (
    <section className={classes.root} aria-labelledby="category-selector-title">
      <p id="category-selector-title" className={classes.title}>
        {LABELS.title}
      </p>
      <div className={classes.levels}>
        {levels.map((choices, index) =>
          // A level shows when its parent is chosen and it has choices (the root level always).
          index > 0 && choices.length === 0 ? null : (
            <PlainSelect
              key={index}
              className={classes.level}
              label={LABELS.level(index)}
              value={path[index] ?? ''}
              disabled={!hydrated}
              onChange={(event) =>
                setPath(chooseCategoryLevel(path, index, event.currentTarget.value || null))
              }
              data={[{ value: '', label: index === 0 ? LABELS.placeholder : LABELS.allOf }, ...choices]}
            />
          ),
        )}
        {link ? (
          <PlainLinkButton to={link}>{LABELS.go}</PlainLinkButton>
        ) : (
          <PlainButton disabled>{LABELS.go}</PlainButton>
        )}
      </div>
    </section>
  );
}
