// The sales-plan tree (docs/contract/variant-groupings-and-the-article-calls.md, The pickers' shared pieces): families with their article count
// (' - 3 articles'); expanding a family loads its sub-families and, with `showArticles`, the paged
// articles of the family itself. Clicking a family selects it, clicking it again deselects it; clicking
// an article toggles it. Keyboard as a WAI-ARIA tree: Up/Down move, Right opens or goes to the first
// child, Left closes or goes to the parent, Home/End, Enter/Space select.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import type { ArticleRow } from '@comptoir/shared/groupings';
import type { SalesPlanNode } from '@comptoir/shared/sales-plan';
import { useArticles, useFamilyChildren } from '../../lib/resources/sales-plan';
import { ChevronRightIcon } from './icons';
import { SALES_PLAN_TREE_LABELS as L } from './labels';
import classes from './sales-plan-tree.module.css';

export interface SalesPlanTreeProps {
  /** The tree's accessible name. */
  label: string;
  /** Single choice: the chosen family… */
  selectedFamily?: string | null;
  /** …and the clicked family, or null when the selected one is clicked again. */
  onSelectFamily?: (family: SalesPlanNode | null) => void;
  /** Several choices: whether a family is chosen, and a click toggling it. */
  isFamilySelected?: (code: string) => boolean;
  onToggleFamily?: (family: SalesPlanNode) => void;
  /** Also list each family's own articles, paged, under its sub-families. */
  showArticles?: boolean;
  isArticleSelected?: (article: ArticleRow) => boolean;
  onToggleArticle?: (article: ArticleRow) => void;
}

/** ' - 3 articles', ' - 1 article'. */
export const articleCountLabel = (count: number) => ` - ${count} article${count > 1 ? 's' : ''}`;

const items = (tree: HTMLElement | null) =>
  tree ? [...tree.querySelectorAll<HTMLElement>('[role="treeitem"]')] : [];

export function SalesPlanTree(props: SalesPlanTreeProps) {
  const ref = useRef<HTMLUListElement>(null);
  const roots = useFamilyChildren(null);
  const [focused, setFocused] = useState<string | null>(null);

  // Moves the focus among the visible items (collapsed branches are not rendered).
  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const list = items(ref.current);
    const current = (event.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
    if (!current) return;
    const index = list.indexOf(current);
    const focus = (item: HTMLElement | undefined) => {
      if (!item) return;
      event.preventDefault();
      item.focus();
    };
    if (event.key === 'ArrowDown') focus(list[index + 1]);
    else if (event.key === 'ArrowUp') focus(list[index - 1]);
    else if (event.key === 'Home') focus(list[0]);
    else if (event.key === 'End') focus(list.at(-1));
  }

  if (roots.isPending) return <Loader size="sm" aria-label={L.loading} />;
  return (
    <ul ref={ref} role="tree" aria-label={props.label} className={classes.tree} onKeyDown={onKeyDown}>
      {(roots.data ?? []).map((node, index) => (
        <FamilyItem
          key={node.codeFamille}
          node={node}
          level={1}
          tree={props}
          focusable={focused === null ? index === 0 : focused === node.codeFamille}
          focused={focused}
          onFocus={setFocused}
        />
      ))}
    </ul>
  );
}

interface ItemProps {
  tree: SalesPlanTreeProps;
  level: number;
  focusable: boolean;
  focused: string | null;
  onFocus: (id: string) => void;
}

function FamilyItem({ node, ...props }: ItemProps & { node: SalesPlanNode }) {
  const { tree, level, focused, onFocus } = props;
  const [expanded, setExpanded] = useState(false);
  const children = useFamilyChildren(node.codeFamille, expanded);
  const selected = tree.isFamilySelected?.(node.codeFamille) ?? tree.selectedFamily === node.codeFamille;
  const select = () =>
    tree.onToggleFamily ? tree.onToggleFamily(node) : tree.onSelectFamily?.(selected ? null : node);
  const hasChildren = node.nbArt > 0;
  // Named by its own label only, not by the sub-tree it contains.
  const labelId = useId();

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      select();
    } else if (event.key === 'ArrowRight' && hasChildren) {
      event.preventDefault();
      if (!expanded) setExpanded(true);
      else event.currentTarget.querySelector<HTMLElement>('[role="treeitem"]')?.focus();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      if (expanded) setExpanded(false);
      else event.currentTarget.parentElement?.closest<HTMLElement>('[role="treeitem"]')?.focus();
    }
  }

  return (
    <li
      role="treeitem"
      aria-level={level}
      aria-selected={selected}
      aria-expanded={hasChildren ? expanded : undefined}
      tabIndex={props.focusable ? 0 : -1}
      className={classes.item}
      onKeyDown={onKeyDown}
      onFocus={(event) => event.target === event.currentTarget && onFocus(node.codeFamille)}
      data-code={node.codeFamille}
      aria-labelledby={labelId}
    >
      <Group gap={4} wrap="nowrap" className={classes.row} data-selected={selected || undefined}>
        {hasChildren ? (
          <UnstyledButton
            tabIndex={-1}
            aria-hidden="true"
            className={classes.toggle}
            data-expanded={expanded || undefined}
            onClick={() => setExpanded(!expanded)}
          >
            <ChevronRightIcon size={14} />
          </UnstyledButton>
        ) : (
          <span className={classes.toggle} />
        )}
        <Text component="span" size="sm" className={classes.label} onClick={select} id={labelId}>
          {`${node.libelleFamille}${articleCountLabel(node.nbArt)}`}
        </Text>
      </Group>
      {expanded ? (
        <ul role="group" className={classes.group}>
          {children.isPending ? (
            <li role="none">
              <Loader size="xs" aria-label={L.loading} />
            </li>
          ) : (
            (children.data ?? []).map((child) => (
              <FamilyItem
                key={child.codeFamille}
                node={child}
                {...props}
                level={level + 1}
                focusable={focused === child.codeFamille}
              />
            ))
          )}
          {tree.showArticles ? <FamilyArticles code={node.codeFamille} {...props} level={level + 1} /> : null}
        </ul>
      ) : null}
    </li>
  );
}

/** The family's own articles, a page at a time. */
function FamilyArticles({ code, tree, level, focused, onFocus }: ItemProps & { code: string }) {
  const [page, setPage] = useState(0);
  const articles = useArticles({ codeFamille: code, familleExact: true, filterArticlesFields: true, page });
  const rows = articles.data?.list ?? [];
  const pages = articles.data?.pages ?? 0;
  return (
    <>
      {rows.map((article) => {
        const id = `article:${article.codeArticle}`;
        const selected = tree.isArticleSelected?.(article) ?? false;
        const toggle = () => tree.onToggleArticle?.(article);
        return (
          <li
            key={article.codeArticle}
            role="treeitem"
            aria-level={level}
            aria-selected={selected}
            tabIndex={focused === id ? 0 : -1}
            className={classes.item}
            onFocus={(event) => event.target === event.currentTarget && onFocus(id)}
            onClick={toggle}
            onKeyDown={(event) => {
              if (event.target !== event.currentTarget) return;
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                toggle();
              } else if (event.key === 'ArrowLeft') {
                event.preventDefault();
                event.currentTarget.parentElement?.closest<HTMLElement>('[role="treeitem"]')?.focus();
              }
            }}
          >
            <Box className={classes.row} data-selected={selected || undefined}>
              <span className={classes.toggle} />
              <Text component="span" size="sm" className={classes.label}>
                <Text component="span" size="sm" ff="monospace">
                  {article.codeArticle}
                </Text>{' '}
                {article.designation1}
              </Text>
            </Box>
          </li>
        );
      })}
      {pages > 1 ? (
        <li role="none">
          <Group gap="xs" className={classes.pager}>
            <UnstyledButton
              className={classes.pageButton}
              disabled={page === 0}
              onClick={() => setPage(page - 1)}
            >
              {L.previousArticles}
            </UnstyledButton>
            <Text size="xs" c="dimmed">
              {L.articlePage(page + 1, pages)}
            </Text>
            <UnstyledButton
              className={classes.pageButton}
              disabled={page + 1 >= pages}
              onClick={() => setPage(page + 1)}
            >
              {L.nextArticles}
            </UnstyledButton>
          </Group>
        </li>
      ) : null}
    </>
  );
}
