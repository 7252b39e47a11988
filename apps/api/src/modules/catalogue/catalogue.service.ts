import type { Database } from '@comptoir/db/client';
import type { Categorie } from '@comptoir/shared/catalogue';
import { rootFamiliesWithCounts } from './catalogue.repository';

/** The storefront link of a family page. */
export const categoryLink = (code: string) => `/catalogue/${encodeURIComponent(code)}`;

export async function rootCategories(db: Database): Promise<Categorie[]> {
  const rows = await rootFamiliesWithCounts(db);
  return rows.map((row) => ({
    code: row.code,
    libelle: row.label,
    lien: categoryLink(row.code),
    nbArticles: Number(row.articles),
  }));
}
