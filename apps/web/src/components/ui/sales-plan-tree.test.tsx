import { screen } from '@testing-library/react';
import { useState } from 'react';
import type { ArticleRow } from '@comptoir/shared/groupings';
import type { SalesPlanNode } from '@comptoir/shared/sales-plan';
import { mockFetch, renderWithProviders } from '../../test/render';
import { articleCountLabel, SalesPlanTree } from './sales-plan-tree';

const roots: SalesPlanNode[] = [
  { codeFamille: 'GO', libelleFamille: 'Gros œuvre', nbArt: 3 },
  { codeFamille: 'MEN', libelleFamille: 'Menuiserie', nbArt: 1 },
];
const children: SalesPlanNode[] = [{ codeFamille: 'GO01', libelleFamille: 'Ciments', nbArt: 2 }];
const articles: ArticleRow[] = [
  {
    codeArticle: 'A1',
    codeDeclinaison: null,
    designation1: 'Ciment gris 35 kg',
    codeFamille: 'GO',
    regroupement: null,
  },
];

function Tree({ onFamily = () => {} }: { onFamily?: (f: SalesPlanNode | null) => void }) {
  const [family, setFamily] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <SalesPlanTree
      label="Plan de vente"
      selectedFamily={family}
      onSelectFamily={(node) => {
        setFamily(node?.codeFamille ?? null);
        onFamily(node);
      }}
      showArticles
      isArticleSelected={(a) => chosen.includes(a.codeArticle)}
      onToggleArticle={(a) =>
        setChosen((c) =>
          c.includes(a.codeArticle) ? c.filter((x) => x !== a.codeArticle) : [...c, a.codeArticle],
        )
      }
    />
  );
}

/** Matches an accessible name starting with `text`, whatever the white space between its parts. */
const named = (text: string) => (name: string) => name.replace(/\s+/g, ' ').startsWith(text);

describe('SalesPlanTree', () => {
  beforeEach(() =>
    mockFetch({
      'GET /service/planVente/rootCategories': { body: roots },
      'GET /service/planVente/GO': { body: children },
      'GET /service/articles': { body: { list: articles, pages: 1 } },
    }),
  );

  it('counts articles in words', () => {
    expect(articleCountLabel(3)).toBe(' - 3 articles');
    expect(articleCountLabel(1)).toBe(' - 1 article');
  });

  it('is a keyboard tree: arrows move and open, Enter selects, selecting again deselects', async () => {
    const onFamily = vi.fn();
    const { user } = renderWithProviders(<Tree onFamily={onFamily} />);
    const tree = await screen.findByRole('tree', { name: 'Plan de vente' });
    const first = await screen.findByRole('treeitem', { name: named('Gros œuvre - 3 articles') });
    expect(first).toHaveAttribute('tabindex', '0');
    expect(first).toHaveAttribute('aria-expanded', 'false');

    first.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('treeitem', { name: named('Menuiserie - 1 article') })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowRight}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const child = await screen.findByRole('treeitem', { name: named('Ciments - 2 articles') });
    const article = await screen.findByRole('treeitem', { name: named('A1 Ciment gris 35 kg') });
    await user.keyboard('{ArrowRight}');
    expect(child).toHaveFocus();
    expect(child).toHaveAttribute('aria-level', '2');

    await user.keyboard('{ArrowLeft}');
    expect(first).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(onFamily).toHaveBeenLastCalledWith(roots[0]);
    await user.keyboard(' ');
    expect(first).toHaveAttribute('aria-selected', 'false');
    expect(onFamily).toHaveBeenLastCalledWith(null);

    await user.click(article);
    expect(article).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('treeitem', { name: named('Menuiserie') })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(first).toHaveFocus();
    expect(tree).toBeInTheDocument();
  });
});
