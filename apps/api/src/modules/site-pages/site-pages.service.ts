// The storefront's legal pages (docs/contract/legal-pages.md): their texts in Markdown, one version
// per save, drawn as sanitised HTML on the server; the CGV the checkout asks the shopper to accept.
import type { Database, DbOrTx } from '@comptoir/db/client';
import {
  SITE_PAGE_MESSAGES,
  SITE_PAGE_TITLES,
  type CgvAccepted,
  type SitePage,
  type SitePageEdit,
} from '@comptoir/shared/site-pages';
import { conflict } from '../../errors';
import { isUniqueViolation } from '../../errors';
import { renderMarkdown } from './markdown';
import { latestVersion, pagesWritten, publicPage } from './site-pages.kept';
import * as repo from './site-pages.repository';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The Markdown drawn as sanitised HTML (exported for its tests and the back office's preview). */
export const pageHtml = (markdown: string) => renderMarkdown(markdown);

/** GET /rest/pages/:page: the latest text as HTML; the contact page adds the agencies (site-pages.kept.ts). */
export { publicPage };

/** The CGV a shopper accepts now: their latest version, or null while none is published. */
export async function currentCgv(db: DbOrTx): Promise<CgvAccepted | null> {
  const row = await latestVersion(db, 'cgv');
  return row ? { version: row.version, date: seconds(row.savedAt) } : null;
}

/** GET /admin/pages/:page: the latest Markdown and every version. */
export async function pageForEdit(db: DbOrTx, page: SitePage): Promise<SitePageEdit> {
  const [row, versions] = await Promise.all([repo.latestVersion(db, page), repo.versionsOf(db, page)]);
  return {
    page,
    titre: SITE_PAGE_TITLES[page],
    markdown: row?.markdown ?? '',
    versions: versions.map((v) => ({ version: v.version, date: seconds(v.savedAt), login: v.savedBy })),
  };
}

/** PUT /admin/pages/:page: saves the text as the page's next version (each save one version). */
export async function savePage(
  db: Database,
  page: SitePage,
  markdown: string,
  login: string,
): Promise<SitePageEdit> {
  let version: number;
  try {
    version = await db.transaction((tx) => repo.insertVersion(tx, page, markdown, login));
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('Une autre version de cette page vient d’être enregistrée : rechargez la page');
    throw error;
  }
  // This process shows the new text at once; the others on the database's notification.
  pagesWritten(db);
  return {
    ...(await pageForEdit(db, page)),
    message: SITE_PAGE_MESSAGES.saved(SITE_PAGE_TITLES[page], version),
  };
}
