// The article picker 'Sélection des articles' (docs/contract/variant-groupings-and-the-article-calls.md, The pickers' shared pieces): a search box
// (2 characters at least, trimmed, lower-cased, debounced 600 ms), the sales-plan tree to narrow the search
// to a family, the results with their pager, and 'VOTRE SELECTION' with remove icons. Clicking a result
// toggles it. Confirming hands the selection to the caller, who may refuse it: the picker then stays
// open and its warning flashes for 600 ms.
import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ARTICLE_MESSAGES,
  ARTICLE_PAGE_SIZE,
  articleKeyOf,
  missingCharactersTip,
  SEARCH_DEBOUNCE_MS,
  searchQueryOf,
  type ArticleRow,
} from '@comptoir/shared/groupings';
import type { SalesPlanNode } from '@comptoir/shared/sales-plan';
import { useArticles } from '../../lib/resources/sales-plan';
import { AppModal } from './app-modal';
import { ARTICLE_PICKER_LABELS as L } from './labels';
import { Pagination } from './pagination';
import { SalesPlanTree } from './sales-plan-tree';
import { SelectionList } from './selection-list';
import { useFlash } from './use-flash';

/** A chosen article or declinaison. */
export interface PickedArticle {
  codeArticle: string;
  codeDeclinaison: string | null;
  designation1: string;
}

export interface ArticlePickerProps {
  opened: boolean;
  /** The selection the picker opens with. */
  initial: readonly PickedArticle[];
  /** Gets the selection; answers a warning to keep the picker open, or null to close it. */
  onConfirm: (selection: PickedArticle[]) => string | null;
  onClose: () => void;
  /**
   * Picking the articles of a grouping: its id, or null for a new one. An article already in another
   * grouping is then shown taken, with that grouping's title, and cannot be chosen (an article is in
   * one grouping at most). Undefined: any article may be chosen.
   */
  groupingId?: number | null;
}

const labelOf = (article: PickedArticle) =>
  article.codeDeclinaison
    ? `${article.designation1} (${article.codeArticle} / ${article.codeDeclinaison})`
    : `${article.designation1} (${article.codeArticle})`;

export function ArticlePicker({ opened, initial, onConfirm, onClose, groupingId }: ArticlePickerProps) {
  return (
    <AppModal kind="picker" title={L.title} opened={opened} onClose={onClose}>
      {opened ? (
        <PickerBody initial={initial} onConfirm={onConfirm} onClose={onClose} groupingId={groupingId} />
      ) : null}
    </AppModal>
  );
}

function PickerBody({ initial, onConfirm, onClose, groupingId }: Omit<ArticlePickerProps, 'opened'>) {
  const [selection, setSelection] = useState<PickedArticle[]>([...initial]);
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const [family, setFamily] = useState<SalesPlanNode | null>(null);
  // The page belongs to one search: a new text or family starts again at page 0.
  const [paging, setPaging] = useState({ search: '', page: 0 });
  const [warning, setWarning] = useState<string | null>(null);
  const [flash, startFlash] = useFlash();

  const query = searchQueryOf(debounced);
  const tip = text.trim().length > 0 ? missingCharactersTip(text) : null;
  const searching = query !== null || family !== null;
  const searchKey = `${query ?? ''}|${family?.codeFamille ?? ''}`;
  const page = paging.search === searchKey ? paging.page : 0;
  const setPage = (next: number) => setPaging({ search: searchKey, page: next });
  const results = useArticles(
    { queryString: query ?? undefined, codeFamille: family?.codeFamille, page },
    searching,
  );

  const keys = new Set(selection.map(articleKeyOf));
  const toggle = (article: PickedArticle) =>
    setSelection((current) =>
      keys.has(articleKeyOf(article))
        ? current.filter((item) => articleKeyOf(item) !== articleKeyOf(article))
        : [...current, article],
    );
  const confirm = () => {
    const refusal = onConfirm(selection);
    if (refusal !== null) {
      setWarning(refusal);
      startFlash();
    }
  };
  const rows: ArticleRow[] = results.data?.list ?? [];

  return (
    <Stack gap="md" h="100%">
      {warning ? (
        <Alert color="red" role="alert" data-flash={flash || undefined} variant={flash ? 'filled' : 'light'}>
          {warning}
        </Alert>
      ) : null}
      <TextInput
        label={L.search}
        placeholder={L.searchPlaceholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        description={tip ?? undefined}
        maxLength={100}
      />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Stack gap="xs">
          <Title order={2} fz="sm">
            {L.tree}
          </Title>
          <ScrollArea.Autosize mah="45vh">
            <SalesPlanTree
              label={L.tree}
              selectedFamily={family?.codeFamille ?? null}
              onSelectFamily={setFamily}
            />
          </ScrollArea.Autosize>
        </Stack>
        <Stack gap="xs">
          <Title order={2} fz="sm">
            {L.results}
          </Title>
          {!searching ? (
            <Text size="sm" c="dimmed">
              {L.hint}
            </Text>
          ) : results.isPending ? (
            <Loader size="sm" aria-label={L.results} />
          ) : rows.length === 0 ? (
            <Text size="sm">{ARTICLE_MESSAGES.noResult}</Text>
          ) : (
            <>
              <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {rows.map((row) => {
                  const taken =
                    groupingId !== undefined &&
                    row.regroupement !== null &&
                    row.regroupement.id !== groupingId &&
                    !keys.has(articleKeyOf(row))
                      ? row.regroupement
                      : null;
                  return (
                    <li key={articleKeyOf(row)}>
                      <Checkbox
                        label={labelOf(row)}
                        description={taken ? L.taken(taken.titre) : undefined}
                        disabled={taken !== null}
                        checked={keys.has(articleKeyOf(row))}
                        onChange={() => toggle(row)}
                      />
                    </li>
                  );
                })}
              </Stack>
              <Pagination
                page={page}
                total={(results.data?.pages ?? 0) * ARTICLE_PAGE_SIZE}
                pageSize={ARTICLE_PAGE_SIZE}
                onChange={setPage}
                disabled={results.isFetching}
              />
            </>
          )}
        </Stack>
        <SelectionList
          items={selection.map((item) => ({ key: articleKeyOf(item), label: labelOf(item) }))}
          onRemove={(key) => setSelection((current) => current.filter((item) => articleKeyOf(item) !== key))}
          emptyText={L.emptySelection}
        />
      </SimpleGrid>
      <Group justify="flex-end" gap="sm" mt="auto">
        <Button variant="default" onClick={onClose}>
          {L.cancel}
        </Button>
        <Button onClick={confirm}>{L.confirm}</Button>
      </Group>
    </Stack>
  );
}
