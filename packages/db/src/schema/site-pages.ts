// The storefront's site pages. (packages/db/src/schema.ts re-exports every file of the schema.)
import { SITE_PAGES } from '@comptoir/shared/site-pages-texts';
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The texts of the storefront's legal pages (CGV, mentions légales, contact), in Markdown: each save
 * is a new version, numbered from 1 per page; the page shows its latest one.
 */
export const sitePageVersions = pgTable(
  'site_page_versions',
  {
    page: text('page', { enum: SITE_PAGES }).notNull(),
    version: integer('version').notNull(),
    markdown: text('markdown').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    /** The administrator's login; null for the demo data's texts. */
    savedBy: text('saved_by'),
  },
  (t) => [primaryKey({ columns: [t.page, t.version] })],
);
