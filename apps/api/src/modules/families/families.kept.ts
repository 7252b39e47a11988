// What the families module keeps in the answer cache (plugins/kept-read.ts): the storefront reads
// paths, subtrees and counts on every family page and every customer price, kept until the tree (or
// the articles, for the counts) changes. Callers never modify what they get.
import type { DbOrTx } from '@comptoir/db/client';
import { keptRead, keptValuesOf } from '../../plugins/kept-read';
import * as repo from './families.repository';
import type { CodeLabelRow } from './families.reads';
import type { FamilyCountRow } from './families.repository';
import { bySiblingOrder } from './sibling-order';

const TREE_TABLES = ['families'] as const;
const COUNT_TABLES = ['families', 'articles'] as const;

/** The sub-families of `parentCode` (the roots when null) with their subtree's active articles, in order. */
export const familiesUnder: (db: DbOrTx, parentCode: string | null) => Promise<FamilyCountRow[]> = keptRead({
  key: (parentCode: string | null) => `families:under:${parentCode ?? ''}`,
  tables: COUNT_TABLES,
  load: async (db, parentCode: string | null) =>
    (await repo.familiesWithCounts(db, { parentCode })).sort(bySiblingOrder),
});

/** The family and its ancestors, root first; empty for an unknown code. */
export const familyPath: (db: DbOrTx, code: string) => Promise<CodeLabelRow[]> = keptRead({
  key: (code: string) => `families:path:${code}`,
  tables: TREE_TABLES,
  load: async (db, code: string) =>
    (await repo.ancestorsOf(db, [code])).map(({ code, label }) => ({ code, label })),
});

/** Each known code's path of codes, from the root to the family itself; unknown codes are absent. */
export const familyPaths: (db: DbOrTx, codes: readonly string[]) => Promise<Map<string, string[]>> =
  keptValuesOf<[], string[]>({
    set: 'families:paths',
    tables: TREE_TABLES,
    load: async (db, missing) => {
      const paths = new Map<string, string[]>();
      for (const row of await repo.ancestorsOf(db, missing))
        paths.set(row.start, [...(paths.get(row.start) ?? []), row.code]);
      return paths;
    },
  });

/** The codes of a family and all its descendants; empty for an unknown code. */
export const subtreeCodes: (db: DbOrTx, code: string) => Promise<string[]> = keptRead({
  key: (code: string) => `families:subtree:${code}`,
  tables: TREE_TABLES,
  load: (db, code: string) => repo.subtreeCodes(db, code),
});
