import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@comptoir/db/client';

export interface FamilyRow {
  code: string;
  label: string;
  parentCode: string | null;
  level: number;
  position: number;
  /** Active articles of the family and of its sub-families. */
  articles: number;
}

/** The families matching `filter` (a condition on families f), each with its subtree's active articles. */
export function familiesWithCounts(db: DbOrTx, filter: SQL = sql`true`): Promise<FamilyRow[]> {
  return queryRows<FamilyRow>(
    db,
    sql`
      with recursive nodes as (
        select f.code, f.label, f.parent_code, f.level, f.position from families f where ${filter}
      ),
      closure(root, code, depth) as (
        select code, code, 0 from nodes
        union all
        select closure.root, f.code, closure.depth + 1
        from families f join closure on f.parent_code = closure.code
        where closure.depth < 20
      ),
      counts as (
        select closure.root, count(a.code)::int as articles
        from closure join articles a on a.family_code = closure.code and a.active
        group by closure.root
      )
      select nodes.code, nodes.label, nodes.parent_code as "parentCode", nodes.level, nodes.position,
        coalesce(counts.articles, 0)::int as articles
      from nodes left join counts on counts.root = nodes.code`,
  );
}

export const rootsFilter = sql`f.parent_code is null`;
export const childrenFilter = (code: string) => sql`f.parent_code = ${code}`;

export async function familyExists(db: DbOrTx, code: string): Promise<boolean> {
  const rows = await queryRows<{ code: string }>(db, sql`select code from families where code = ${code}`);
  return rows.length > 0;
}
