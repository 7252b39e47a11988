// robots.txt and the sitemap (docs/contract/crawlers-and-links.md): what a search engine is told it may index.
import type { DbOrTx } from '@comptoir/db/client';
import { SITEMAP_MAX_URLS, robotsTxt, sitemapIndexXml, sitemapXml } from '@comptoir/shared/page-meta';
import { anonymousAccessAllowed } from '../settings/settings.service';
import { storefrontPaths } from './crawlers.kept';

/** A shop closed to visitors has nothing a crawler could see: every address is disallowed. */
export async function robots(db: DbOrTx, publicUrl: string): Promise<string> {
  if (!(await anonymousAccessAllowed(db))) return 'User-agent: *\nDisallow: /\n';
  return robotsTxt(publicUrl);
}

/** /sitemap.xml: the pages' list, or past SITEMAP_MAX_URLS addresses an index of /sitemap-N.xml files. */
export async function sitemap(db: DbOrTx, publicUrl: string): Promise<string> {
  const paths = await storefrontPaths(db);
  const files = Math.ceil(paths.length / SITEMAP_MAX_URLS);
  return files <= 1 ? sitemapXml(publicUrl, paths) : sitemapIndexXml(publicUrl, files);
}

/**
 * /sitemap-N.xml (N from 1) of the index: at most SITEMAP_MAX_URLS addresses. Undefined beyond the
 * last file, or when /sitemap.xml holds every address itself.
 */
export async function sitemapFile(db: DbOrTx, publicUrl: string, file: number): Promise<string | undefined> {
  const paths = await storefrontPaths(db);
  const files = Math.ceil(paths.length / SITEMAP_MAX_URLS);
  if (files <= 1 || file < 1 || file > files) return undefined;
  return sitemapXml(publicUrl, paths.slice((file - 1) * SITEMAP_MAX_URLS, file * SITEMAP_MAX_URLS));
}
