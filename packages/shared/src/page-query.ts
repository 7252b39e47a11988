// The page and size fields of every paginated list's query (0-based pages, as the API counts them).
import { z } from 'zod';

const PAGE_ERROR = 'page : entier positif ou nul attendu';

/** A list query's `page`: 0-based, 1 000 000 at most, 0 when absent. */
export const pageNumberField = () =>
  z.coerce
    .number({ error: PAGE_ERROR })
    .int({ error: PAGE_ERROR })
    .min(0, { error: PAGE_ERROR })
    .max(1_000_000, { error: 'page : 1000000 au maximum' })
    .default(0);

/** A list query's `size`: rows per page, 1..`max`, `fallback` when absent. */
export function pageSizeField(max: number, fallback: number) {
  const error = `size : entier entre 1 et ${max} attendu`;
  return z.coerce.number({ error }).int({ error }).min(1, { error }).max(max, { error }).default(fallback);
}
