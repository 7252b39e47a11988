// The family tree's reads that other modules call as they are (docs/architecture.md, Enforcement):
// whether a family exists, the activities and families as the menus show them, the families the
// search indexes, and the rows the ERP imports compare their files with. Read-only: the boundaries
// rule refuses a write in a *.reads.ts file.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@comptoir/db/client';
import { activities, families } from '@comptoir/db/schema';
import type { FamilyWriteRow } from './families.repository';

export async function familyExists(db: DbOrTx, code: string): Promise<boolean> {
  const rows = await db.select({ code: families.code }).from(families).where(eq(families.code, code));
  return rows.length > 0;
}

const menuColumns = { code: families.code, label: families.label, level: families.level };
const menuOrder = [asc(families.position), asc(families.label), asc(families.code)];

export interface CodeLabelRow {
  code: string;
  label: string;
}

export const listActivities = (db: DbOrTx): Promise<CodeLabelRow[]> =>
  db
    .select({ code: activities.code, label: activities.label })
    .from(activities)
    .orderBy(asc(activities.position), asc(activities.label), asc(activities.code));

export async function findActivity(db: DbOrTx, code: string): Promise<CodeLabelRow | undefined> {
  const [row] = await db
    .select({ code: activities.code, label: activities.label })
    .from(activities)
    .where(eq(activities.code, code));
  return row;
}

export interface MenuFamilyRow {
  code: string;
  label: string;
  level: number;
}

/** The root families of an activity, in menu order. */
export const activityRootFamilies = (db: DbOrTx, activityCode: string): Promise<MenuFamilyRow[]> =>
  db
    .select(menuColumns)
    .from(families)
    .where(and(isNull(families.parentCode), eq(families.activityCode, activityCode)))
    .orderBy(...menuOrder);

/** The direct children of a family, in menu order. */
export const childFamilies = (db: DbOrTx, code: string): Promise<MenuFamilyRow[]> =>
  db
    .select(menuColumns)
    .from(families)
    .where(eq(families.parentCode, code))
    .orderBy(...menuOrder);

/**
 * A fingerprint of the activities and families as menus show them: it changes whenever one does.
 * Raw SQL: one md5 over two ordered aggregates.
 */
export async function treeVersion(db: DbOrTx): Promise<string> {
  const [row] = await queryRows<{ version: string | null }>(
    db,
    sql`select md5(
      coalesce((select string_agg(concat_ws('|', code, label, position), ',' order by code) from activities), '')
      || '#' ||
      coalesce((select string_agg(concat_ws('|', code, label, parent_code, level, activity_code, position), ','
        order by code) from families), '')
    ) as version`,
  );
  return row?.version ?? '';
}

// Accents and case ignored, as the article and customer searches do.
/** Every family's code, label and level, as the storefront search indexes them. */
export function familyLabels(db: DbOrTx): Promise<(CodeLabelRow & { level: number })[]> {
  return db.select({ code: families.code, label: families.label, level: families.level }).from(families);
}

// ---------------------------------------------------------------- ERP imports (docs/import-erp.md)

export function familiesByCodes(db: DbOrTx, codes: readonly string[]): Promise<FamilyWriteRow[]> {
  if (!codes.length) return Promise.resolve([]);
  return db
    .select({
      code: families.code,
      label: families.label,
      parentCode: families.parentCode,
      level: families.level,
      activityCode: families.activityCode,
      position: families.position,
    })
    .from(families)
    .where(inArray(families.code, [...codes]));
}

export function activitiesByCodes(
  db: DbOrTx,
  codes: readonly string[],
): Promise<{ code: string; label: string }[]> {
  if (!codes.length) return Promise.resolve([]);
  return db
    .select({ code: activities.code, label: activities.label })
    .from(activities)
    .where(inArray(activities.code, [...codes]));
}

/** The deepest level of the subtree under each of `codes` (levels as stored). */
export async function subtreeDepths(
  db: DbOrTx,
  codes: readonly string[],
): Promise<{ root: string; maxLevel: number }[]> {
  if (!codes.length) return [];
  const rows = await queryRows<{ root: string; max_level: number }>(
    db,
    sql`with recursive sub(root, code, level, depth) as (
        select code, code, level, 0 from ${families} where ${inArray(families.code, [...codes])}
        union all
        select sub.root, f.code, f.level, sub.depth + 1
        from ${families} f join sub on f.parent_code = sub.code
        where sub.depth < 8
      )
      select root, max(level)::int as max_level from sub group by root`,
  );
  return rows.map((row) => ({ root: row.root, maxLevel: Number(row.max_level) }));
}
