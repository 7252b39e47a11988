// Every database access of the legal pages' texts (site_page_versions).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@comptoir/db/client';
import { sitePageVersions } from '@comptoir/db/schema';
import type { SitePage } from '@comptoir/shared/site-pages-texts';

export interface PageVersionRow {
  version: number;
  markdown: string;
  savedAt: Date;
  savedBy: string | null;
}

/** The page's latest version, or undefined when none was saved. */
export async function latestVersion(db: DbOrTx, page: SitePage): Promise<PageVersionRow | undefined> {
  const [row] = await db
    .select({
      version: sitePageVersions.version,
      markdown: sitePageVersions.markdown,
      savedAt: sitePageVersions.savedAt,
      savedBy: sitePageVersions.savedBy,
    })
    .from(sitePageVersions)
    .where(eq(sitePageVersions.page, page))
    .orderBy(desc(sitePageVersions.version))
    .limit(1);
  return row;
}

/** Every version of the page, newest first, without their texts. */
export function versionsOf(db: DbOrTx, page: SitePage) {
  return db
    .select({
      version: sitePageVersions.version,
      savedAt: sitePageVersions.savedAt,
      savedBy: sitePageVersions.savedBy,
    })
    .from(sitePageVersions)
    .where(eq(sitePageVersions.page, page))
    .orderBy(desc(sitePageVersions.version));
}

/**
 * Saves `markdown` as the page's next version and answers its number. Two saves at once may count the
 * same number: the second fails on the primary key (23505), and nothing of it is written.
 */
export async function insertVersion(
  db: DbOrTx,
  page: SitePage,
  markdown: string,
  savedBy: string | null,
): Promise<number> {
  const [last] = await db
    .select({ version: sql<number>`coalesce(max(${sitePageVersions.version}), 0)::int` })
    .from(sitePageVersions)
    .where(and(eq(sitePageVersions.page, page)));
  const version = (last?.version ?? 0) + 1;
  await db.insert(sitePageVersions).values({ page, version, markdown, savedBy });
  return version;
}
