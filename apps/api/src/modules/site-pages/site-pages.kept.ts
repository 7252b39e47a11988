// What the legal pages keep in the answer cache (plugins/kept-read.ts): each page's latest version,
// and its public answer (with the agencies, for the contact page), until a page is saved on any
// process (or the agencies change).
import type { DbOrTx } from '@comptoir/db/client';
import { SITE_PAGE_TITLES, type SitePage, type SitePageAnswer } from '@comptoir/shared/site-pages';
import { forgetKept, keptRead } from '../../plugins/kept-read';
import { agencyContacts } from '../reference/reference.service';
import { renderMarkdown } from './markdown';
import * as repo from './site-pages.repository';

const PAGE_TABLES = ['site_page_versions'] as const;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A page's latest version. */
export const latestVersion = keptRead({
  key: (page: SitePage) => `site-pages:latest:${page}`,
  tables: PAGE_TABLES,
  load: (db, page: SitePage) => repo.latestVersion(db, page),
});

/** GET /rest/pages/:page: the latest text as HTML; the contact page adds the agencies. */
export const publicPage: (db: DbOrTx, page: SitePage) => Promise<SitePageAnswer> = keptRead({
  key: (page: SitePage) => `site-pages:page:${page}`,
  tables: [...PAGE_TABLES, 'agencies'],
  load: async (db, page: SitePage) => {
    const [row, agences] = await Promise.all([
      latestVersion(db, page),
      page === 'contact' ? agencyContacts(db) : Promise.resolve([]),
    ]);
    return {
      page,
      titre: SITE_PAGE_TITLES[page],
      html: row ? renderMarkdown(row.markdown) : '',
      version: row?.version ?? null,
      date: row ? seconds(row.savedAt) : null,
      agences,
    };
  },
});

/** Once a save has committed: this process shows the new text at once (the others on the notification). */
export const pagesWritten = (db: DbOrTx): void => forgetKept(db, PAGE_TABLES);
