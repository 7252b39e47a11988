import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@comptoir/db/client';

export interface RootFamilyRow {
  code: string;
  label: string;
  articles: number;
}

/** The families without a parent, with the active articles of their whole subtree. */
export function rootFamiliesWithCounts(db: DbOrTx): Promise<RootFamilyRow[]> {
  return queryRows<RootFamilyRow>(
    db,
    sql`
      with recursive tree(root, code) as (
        select code, code from families where parent_code is null
        union all
        select tree.root, f.code from families f join tree on f.parent_code = tree.code
      ),
      counts as (
        select tree.root, count(a.code)::int as articles
        from tree join articles a on a.family_code = tree.code and a.active
        group by tree.root
      )
      select r.code, r.label, coalesce(counts.articles, 0) as articles
      from families r left join counts on counts.root = r.code
      where r.parent_code is null
      order by r.position, r.label, r.code`,
  );
}
