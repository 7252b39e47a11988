import { inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@comptoir/db/client';
import { activities, families } from '@comptoir/db/schema';
import { excludedSet } from '@comptoir/db/upsert';

export interface FamilyRow {
  code: string;
  label: string;
  parentCode: string | null;
  level: number;
  position: number;
}

export interface FamilyCountRow extends FamilyRow {
  /** Active articles of the family and of its sub-families. */
  articles: number;
}

/** Where families are listed from: the roots, the children of a family, or all of them. */
export type FamilyScope = { parentCode: string | null } | 'all';

const scopeCondition = (scope: FamilyScope): SQL =>
  scope === 'all'
    ? sql`true`
    : scope.parentCode === null
      ? sql`f.parent_code is null`
      : sql`f.parent_code = ${scope.parentCode}`;

/**
 * The families of `scope`, each with the active articles of its whole subtree. Raw SQL: a recursive
 * closure, which the query builder cannot express. The depth bound guards against a cycle in the data.
 */
export function familiesWithCounts(db: DbOrTx, scope: FamilyScope): Promise<FamilyCountRow[]> {
  return queryRows<FamilyCountRow>(
    db,
    sql`
      with recursive nodes as (
        select f.code, f.label, f.parent_code, f.level, f.position from families f where ${scopeCondition(scope)}
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

export interface AncestorRow {
  /** The family asked for. */
  start: string;
  code: string;
  label: string;
}

/**
 * For each known code, the family and its ancestors, root first (rows ordered by start, then from the
 * root down). Raw SQL: a recursive walk up the tree.
 */
export function ancestorsOf(db: DbOrTx, codes: readonly string[]): Promise<AncestorRow[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return queryRows<AncestorRow>(
    db,
    sql`
      with recursive up(start, code, label, parent_code, depth) as (
        select code, code, label, parent_code, 0 from families
        where code in (${sql.join(
          codes.map((code) => sql`${code}`),
          sql`, `,
        )})
        union all
        select up.start, f.code, f.label, f.parent_code, up.depth + 1
        from families f join up on f.code = up.parent_code
        where up.depth < 20
      )
      select start, code, label from up order by start, depth desc`,
  );
}

/** The codes of a family and of all its descendants. Raw SQL: a recursive walk down the tree. */
export async function subtreeCodes(db: DbOrTx, code: string): Promise<string[]> {
  const rows = await queryRows<{ code: string }>(
    db,
    sql`
      with recursive tree(code, depth) as (
        select code, 0 from families where code = ${code}
        union all
        select f.code, tree.depth + 1 from families f join tree on f.parent_code = tree.code
        where tree.depth < 20
      )
      select code from tree`,
  );
  return rows.map((row) => row.code);
}

// ---------------------------------------------------------------- ERP imports (docs/import-erp.md)

export interface FamilyWriteRow {
  code: string;
  label: string;
  parentCode: string | null;
  level: number;
  activityCode: string | null;
  position: number;
}

export async function upsertFamilies(db: DbOrTx, rows: readonly FamilyWriteRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(families)
    .values([...rows])
    .onConflictDoUpdate({
      target: families.code,
      set: excludedSet(families, ['label', 'parentCode', 'level', 'activityCode', 'position']),
    });
}

/** Creates or relabels activities. */
export async function upsertActivities(
  db: DbOrTx,
  rows: readonly { code: string; label: string }[],
): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(activities)
    .values([...rows])
    .onConflictDoUpdate({ target: activities.code, set: excludedSet(activities, ['label']) });
}

/** Each family of `codes` with the root above it, walking up its parents (null: none is reached). */
const rootsAbove = (codes: readonly string[]) => sql`
  with recursive up(start, code, parent, depth) as (
    select code, code, parent_code, 0 from ${families} where ${inArray(families.code, [...codes])}
    union all
    select up.start, f.code, f.parent_code, up.depth + 1
    from ${families} f join up on f.code = up.parent
    where up.depth < 8
  )`;

/**
 * Gives every family of the trees holding `codes` the level its place says (a root 1, then its
 * parent's plus one), so that a family moved by the import carries its descendants along. Answers
 * the families of `codes` that hang under no root (put under one of their own descendants).
 */
export async function recomputeTreeLevels(db: DbOrTx, codes: readonly string[]): Promise<string[]> {
  if (!codes.length) return [];
  const orphans = await queryRows<{ start: string }>(
    db,
    sql`${rootsAbove(codes)} select start from up group by start having not bool_or(parent is null)`,
  );
  await db.execute(sql`${rootsAbove(codes)},
    down(code, level) as (
      select distinct code, 1 from up where parent is null
      union all
      select f.code, down.level + 1 from ${families} f join down on f.parent_code = down.code
      where down.level < 9
    )
    update ${families} f set level = down.level from down where f.code = down.code and f.level <> down.level`);
  return orphans.map((row) => row.start);
}
