// The header's category menu (docs/contract/category-menu.md): one entry per activity; resting the pointer
// on it for 50 ms loads its families, and on a family its sub-levels. Answers arriving out of order never
// replace a later hover's (latest hover wins). A click or Enter opens an entry for keyboard users.
import { useEffect, useRef, useState } from 'react';
import { Link } from '../../../../lib/router';
import type { SimpleMenu, SubMenu } from '@comptoir/shared/menu';
import { MENU_HOVER_DELAY_MS } from '@comptoir/shared/menu-texts';
import { ERROR_TOASTS } from '@comptoir/shared/messages';
import { showErrorToast } from '../../../../components/ui/toasts';
import { loadSimpleMenu, loadSubMenu, useMenuActivities } from '../api/get-menu';
import { MENU_LABELS } from '../labels';
import classes from './category-menu.module.css';

interface Shown<T> {
  code: string;
  data: T;
}

/** Loads `code` after the hover delay; only the latest request may show its answer. */
function useHoverLoader<T>(load: (code: string) => Promise<T>) {
  const [shown, setShown] = useState<Shown<T> | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const hover = (code: string) => {
    window.clearTimeout(timer.current);
    const id = ++latest.current;
    timer.current = window.setTimeout(() => {
      load(code).then(
        (data) => {
          if (id === latest.current) setShown({ code, data });
        },
        (error: unknown) => {
          if (id !== latest.current) return;
          console.error(error);
          showErrorToast(ERROR_TOASTS.menu);
        },
      );
    }, MENU_HOVER_DELAY_MS);
  };
  const close = () => {
    window.clearTimeout(timer.current);
    latest.current++;
    setShown(null);
  };
  return { shown, hover, close };
}

export function CategoryMenu() {
  const { data } = useMenuActivities();
  const menu = useHoverLoader<SubMenu>(loadSubMenu);
  const sub = useHoverLoader<SimpleMenu>(loadSimpleMenu);
  if (!data || data.activites.length === 0) return null;

  const closeAll = () => {
    menu.close();
    sub.close();
  };
  const openActivity = (code: string) => {
    sub.close();
    menu.hover(code);
  };

  return (
    <nav
      aria-label={MENU_LABELS.nav}
      onMouseLeave={closeAll}
      onKeyDown={(event) => event.key === 'Escape' && closeAll()}
    >
      <ul className={classes.bar}>
        {data.activites.map((activity) => {
          const open = menu.shown?.code === activity.code ? menu.shown.data : null;
          const panelId = `menu-activite-${activity.code}`;
          return (
            <li
              key={activity.code}
              className={classes.entry}
              onMouseEnter={() => openActivity(activity.code)}
            >
              <button
                type="button"
                className={`${classes.trigger} mantine-focus-auto`}
                aria-expanded={open !== null}
                aria-controls={open ? panelId : undefined}
                onClick={() => (open ? closeAll() : openActivity(activity.code))}
              >
                {activity.libelle}
              </button>
              {open && (
                <div id={panelId} className={classes.panel}>
                  <ul className={classes.column} aria-label={open.activite.libelle}>
                    {open.items.map((item) => (
                      <li key={item.CODE} onMouseEnter={() => sub.hover(item.CODE)}>
                        <Link
                          to={item.LIEN}
                          className={classes.link}
                          onClick={closeAll}
                          onFocus={() => sub.hover(item.CODE)}
                        >
                          {item.LIBELLE}
                        </Link>
                      </li>
                    ))}
                  </ul>
                  {sub.shown && sub.shown.data.items.length > 0 && (
                    <ul className={classes.column} aria-label={MENU_LABELS.subFamilies}>
                      {sub.shown.data.items.map((item) => (
                        <li key={item.CODE}>
                          <Link to={item.LIEN} className={classes.link} onClick={closeAll}>
                            {item.LIBELLE}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
