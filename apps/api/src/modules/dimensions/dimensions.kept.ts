// What the dimensions module keeps in the answer cache (plugins/kept-read.ts): what the cut-to-size
// rule needs of an article, asked on every cart change, until the article, its unit or the units'
// variable dimensions change.
import type { DbOrTx } from '@comptoir/db/client';
import type { CutArticle } from '@comptoir/shared/cut-to-size';
import { forgetKept, keptRead } from '../../plugins/kept-read';
import { readCutArticle } from './cut-article';

/** What an article's cut-to-size rule is built from. */
export const CUT_ARTICLE_TABLES = ['articles', 'units', 'variable_dimensions'] as const;

/** Null when the article is unknown or withdrawn. */
export const cutArticleOf: (db: DbOrTx, articleCode: string) => Promise<CutArticle | null> = keptRead({
  key: (articleCode: string) => `dimensions:cut-article:${articleCode}`,
  tables: CUT_ARTICLE_TABLES,
  load: (db, articleCode: string) => readCutArticle(db, articleCode),
});

/** Once a save has committed: this process's next cart change sees the new dimensions at once (the others hear the commit). */
export const dimensionsWritten = (db: DbOrTx): void => forgetKept(db, ['variable_dimensions']);
