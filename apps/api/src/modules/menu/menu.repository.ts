import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '@comptoir/db/client';

export interface ActivityRow {
  code: string;
  label: string;
}

export const listActivities = (db: DbOrTx) =>
  queryRows<ActivityRow>(db, sql`select code, label from activities order by position, label, code`);

export async function findActivity(db: DbOrTx, code: string): Promise<ActivityRow | undefined> {
  const [row] = await queryRows<ActivityRow>(
    db,
    sql`select code, label from activities where code = ${code}`,
  );
  return row;
}

export interface MenuFamilyRow {
  code: string;
  label: string;
  level: number;
}

/** The root families of an activity, in menu order. */
export const activityFamilies = (db: DbOrTx, activityCode: string) =>
  queryRows<MenuFamilyRow>(
    db,
    sql`select code, label, level from families
      where parent_code is null and activity_code = ${activityCode}
      order by position, label, code`,
  );

export async function familyExists(db: DbOrTx, code: string): Promise<boolean> {
  const rows = await queryRows<{ code: string }>(db, sql`select code from families where code = ${code}`);
  return rows.length > 0;
}

export const childFamilies = (db: DbOrTx, code: string) =>
  queryRows<MenuFamilyRow>(
    db,
    sql`select code, label, level from families where parent_code = ${code} order by position, label, code`,
  );

/** A fingerprint of everything the menus show: it changes whenever an activity or family does. */
export async function menuDataVersion(db: DbOrTx): Promise<string> {
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
