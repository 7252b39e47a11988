// The header search-as-you-type box (docs/contract/search.md), a WAI-ARIA combobox: results open once the
// typed text reaches the trigger length (setting recherche.longueurDeclenchement), after a short pause;
// the arrow keys move through them while the focus stays in the field, Enter opens the active one (else
// the full results page), Esc closes them and keeps the text.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from '../../../../lib/router';
import { useClickOutside, useDebouncedValue } from '@mantine/hooks';
import { formatShopPrice } from '@comptoir/shared/format';
import type { SearchResult } from '@comptoir/shared/search';
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH, reachesTrigger } from '@comptoir/shared/search-texts';
import { ArticlePicture } from '../../../../components/ui/article-picture';
import { plainInputClass } from '../../../../components/ui/plain';
import { StockBadge } from '../../../../components/ui/stock-badge';
import { paths } from '../../../../config/paths';
import { useTtcFirst } from '../../../../lib/shop-access';
import { useQuickSearch, useSearchSettings } from '../api/search';
import { SEARCH_LABELS as L } from '../labels';
import classes from './search-box.module.css';

const INPUT_ID = 'search-input';
const LISTBOX_ID = 'search-results';
const optionId = (index: number) => `search-option-${index}`;

/** The links of the results, in the order the arrow keys visit them. */
function optionLinks(data: SearchResult | undefined, allResults: string): string[] {
  if (!data) return [];
  return [
    ...data.articles.map((article) => article.link),
    ...data.categories.map((category) => category.link),
    ...(data.totalResults > 0 ? [allResults] : []),
  ];
}

export function SearchBox() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const { longueurDeclenchement: triggerLength, affichageStock } = useSearchSettings(text.trim().length > 0);
  const ttcFirst = useTtcFirst();
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const ready = reachesTrigger(debounced, triggerLength);
  const { data } = useQuickSearch(debounced, ready);
  const opened = ready && reachesTrigger(text, triggerLength) && !dismissed && data !== undefined;
  const allResults = paths.shop.search.getHref(debounced.trim());
  const links = opened ? optionLinks(data, allResults) : [];
  // The active option belongs to the answer it was chosen in.
  const [activeFor, setActiveFor] = useState<SearchResult | undefined>(undefined);
  const current = activeFor === data && active < links.length ? active : -1;

  const close = () => {
    setDismissed(true);
    setActive(-1);
  };
  const wrapper = useClickOutside<HTMLDivElement>(() => opened && close());
  // A visitor's page is drawn by the server: what was typed before the hydration (a slow network) is in
  // the field but not in the state, and would be searched only at the next key.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = field.current?.value;
    if (typed) setText(typed);
  }, []);
  const open = (link: string) => {
    close();
    void navigate(link);
  };
  const goToResults = () => {
    if (!reachesTrigger(text, triggerLength)) return;
    open(paths.shop.search.getHref(text.trim()));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      // A search field's own Esc would erase the text: only the panel closes.
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!opened) return setDismissed(false);
      // -1 (the field itself) sits between the last and the first option.
      const count = links.length;
      if (count === 0) return;
      const from = current === -1 ? count : current;
      const next = (from + (event.key === 'ArrowDown' ? 1 : -1) + count + 1) % (count + 1);
      setActiveFor(data);
      setActive(next === count ? -1 : next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (current >= 0) open(links[current]!);
      else goToResults();
    }
  };
  const optionProps = (link: string, own: number) => {
    return {
      id: optionId(own),
      role: 'option',
      'aria-selected': own === current,
      tabIndex: -1,
      to: link,
      className: classes.item,
      'data-active': own === current || undefined,
      onClick: close,
      onMouseMove: () => {
        if (own !== current) {
          setActiveFor(data);
          setActive(own);
        }
      },
    } as const;
  };

  // The panel is a plain box under the field, not a floating popover: the header's search must not bring a
  // positioning library into the storefront's first load (docs/performance/first-load.md).
  return (
    <div ref={wrapper} className={classes.box}>
      <label htmlFor={INPUT_ID} className={classes.hiddenLabel}>
        {L.input}
      </label>
      <input
        ref={field}
        id={INPUT_ID}
        className={plainInputClass}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={opened}
        aria-controls={opened ? LISTBOX_ID : undefined}
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        placeholder={L.placeholder}
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setDismissed(false);
          setActive(-1);
        }}
        onFocus={() => setDismissed(false)}
        onKeyDown={onKeyDown}
        autoComplete="off"
      />
      {opened ? (
        <div
          className={classes.dropdown}
          // The header is sticky: the panel scrolls within the screen, and Tab can reach it to scroll it.
          tabIndex={0}
          onKeyDown={(event) => event.key === 'Escape' && close()}
        >
          {data && data.articles.length === 0 && data.categories.length === 0 ? (
            <p className={classes.noResult} role="status">
              {L.noArticle}
            </p>
          ) : null}
          {data && (
            <div role="listbox" id={LISTBOX_ID} aria-label={L.results} className={classes.listbox}>
              {data.articles.length > 0 && (
                <div role="group" aria-labelledby="search-articles" className={classes.list}>
                  <p id="search-articles" className={classes.groupTitle}>
                    {L.articles}
                  </p>
                  {data.articles.map((article, i) => (
                    <Link key={article.id} {...optionProps(article.link, i)}>
                      {article.image.src ? (
                        <ArticlePicture src={article.image.src} alt="" width={40} className={classes.thumb} />
                      ) : (
                        <span className={classes.thumb} aria-hidden="true" />
                      )}
                      <span className={classes.itemText}>
                        <span className={classes.designation}>{article.designation}</span>
                        <span className={classes.meta}>
                          <span className={classes.reference}>{L.reference(article.codeArticle)}</span>
                          {article.prixHT !== undefined && (
                            <span className={classes.price}>
                              {
                                formatShopPrice(
                                  { ht: article.prixHT, ttc: article.prixTTC ?? article.prixHT },
                                  article.uniteTarif,
                                  ttcFirst && article.prixTTC !== undefined,
                                ).main
                              }
                            </span>
                          )}
                          <StockBadge
                            stock={article.infoStock}
                            mode={affichageStock}
                            unit={article.uniteStock}
                          />
                        </span>
                      </span>
                    </Link>
                  ))}
                </div>
              )}
              {data.categories.length > 0 && (
                <div role="group" aria-labelledby="search-categories" className={classes.list}>
                  <p id="search-categories" className={`${classes.groupTitle} ${classes.spaced}`}>
                    {L.categories}
                  </p>
                  {data.categories.map((category, i) => (
                    <Link key={category.id} {...optionProps(category.link, data.articles.length + i)}>
                      <span className={classes.category}>{category.libelle}</span>
                    </Link>
                  ))}
                </div>
              )}
              {data.totalResults > 0 && (
                <Link {...optionProps(allResults, data.articles.length + data.categories.length)}>
                  <span className={`${classes.category} ${classes.allResults}`}>
                    {L.allResults(data.totalResults)}
                  </span>
                </Link>
              )}
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}
