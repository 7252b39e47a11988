// The header search-as-you-type box (docs/contract.md, Search): results open once the typed text reaches the
// trigger length (setting recherche.longueurDeclenchement), after a short pause; Esc closes them, Enter opens
// the full results page.
import { useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH, reachesTrigger } from '@comptoir/shared/search';
import { StockBadge } from '../../../../components/ui/stock-badge';
import { paths } from '../../../../config/paths';
import { useQuickSearch, useSearchSettings } from '../api/search';
import { SEARCH_LABELS as L } from '../labels';
import classes from './search-box.module.css';

export function SearchBox() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const { longueurDeclenchement: triggerLength, affichageStock } = useSearchSettings(text.trim().length > 0);
  const [dismissed, setDismissed] = useState(false);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const ready = reachesTrigger(debounced, triggerLength);
  const { data } = useQuickSearch(debounced, ready);
  const opened = ready && reachesTrigger(text, triggerLength) && !dismissed && data !== undefined;

  const close = () => setDismissed(true);
  const goToResults = () => {
    if (!reachesTrigger(text, triggerLength)) return;
    setDismissed(true);
    void navigate(paths.shop.search.getHref(text.trim()));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') close();
    if (event.key === 'Enter') {
      event.preventDefault();
      goToResults();
    }
  };

  return (
    <Popover
      opened={opened}
      onChange={(open) => !open && close()}
      onDismiss={close}
      position="bottom-start"
      width="target"
      withRoles={false}
      trapFocus={false}
      returnFocus={false}
      withinPortal
      shadow="md"
    >
      <Popover.Target>
        <TextInput
          type="search"
          label={L.input}
          labelProps={{ className: classes.hiddenLabel }}
          placeholder={L.placeholder}
          maxLength={SEARCH_MAX_LENGTH}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setDismissed(false);
          }}
          onFocus={() => setDismissed(false)}
          onKeyDown={onKeyDown}
          autoComplete="off"
        />
      </Popover.Target>
      <Popover.Dropdown
        className={classes.dropdown}
        aria-label={L.results}
        role="region"
        onKeyDown={(event) => event.key === 'Escape' && close()}
      >
        {data && (
          <Stack gap="sm">
            {data.articles.length === 0 && data.categories.length === 0 ? (
              <Text size="sm">{L.noArticle}</Text>
            ) : null}
            {data.articles.length > 0 && (
              <section aria-labelledby="search-articles">
                <Text id="search-articles" size="xs" fw={700} tt="uppercase" mb={4}>
                  {L.articles}
                </Text>
                <ul className={classes.list}>
                  {data.articles.map((article) => (
                    <li key={article.id}>
                      <Link to={article.link} className={classes.item} onClick={close}>
                        {article.image.src ? (
                          <img src={article.image.src} alt="" className={classes.thumb} />
                        ) : (
                          <span className={classes.thumb} aria-hidden="true" />
                        )}
                        <span className={classes.itemText}>
                          <Text component="span" size="sm" fw={600} display="block">
                            {article.designation}
                          </Text>
                          <Group gap="xs" component="span">
                            <Text component="span" size="xs" c="dimmed">
                              {L.reference(article.codeArticle)}
                            </Text>
                            <StockBadge
                              stock={article.infoStock}
                              mode={affichageStock}
                              unit={article.uniteStock}
                            />
                          </Group>
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {data.categories.length > 0 && (
              <section aria-labelledby="search-categories">
                <Text id="search-categories" size="xs" fw={700} tt="uppercase" mb={4}>
                  {L.categories}
                </Text>
                <ul className={classes.list}>
                  {data.categories.map((category) => (
                    <li key={category.id}>
                      <Anchor component={Link} to={category.link} size="sm" onClick={close}>
                        {category.libelle}
                      </Anchor>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {data.totalResults > 0 && (
              <Anchor
                component={Link}
                to={paths.shop.search.getHref(debounced.trim())}
                fw={600}
                size="sm"
                onClick={close}
              >
                {L.allResults(data.totalResults)}
              </Anchor>
            )}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
