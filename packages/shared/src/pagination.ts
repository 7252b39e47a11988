// The pager of every paginated list: first two pages, last two, and ±2 around the current one.

/** Pages always shown at each end of the pager. */
export const PAGINATION_BOUNDARY = 2;
/** Pages shown on each side of the current page. */
export const PAGINATION_SIBLINGS = 2;

/** One item of a pager: a 1-based page number, or an ellipsis standing for at least two hidden pages. */
export type PaginationItem = number | 'ellipsis';

/** Number of pages of a list of `total` rows shown `pageSize` at a time: ceil(total / pageSize), 0 when empty. */
export function pageCount(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || !Number.isFinite(pageSize) || total <= 0 || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize);
}

/**
 * The items of a pager, 1-based (as the user reads them; the API's pages are 0-based, convert at the call).
 * `current` is clamped into 1..pageCount. A gap of exactly one page shows that page instead of an
 * ellipsis, since an ellipsis would take as much room as the number it hides.
 *
 * paginationWindow(10, 20) → [1, 2, 'ellipsis', 8, 9, 10, 11, 12, 'ellipsis', 19, 20]
 */
export function paginationWindow(current: number, pageCount: number): PaginationItem[] {
  const count = Number.isFinite(pageCount) ? Math.max(0, Math.floor(pageCount)) : 0;
  if (count === 0) return [];
  const page = Math.min(Math.max(Number.isFinite(current) ? Math.round(current) : 1, 1), count);

  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(PAGINATION_BOUNDARY, count); p++) shown.add(p);
  for (let p = Math.max(1, count - PAGINATION_BOUNDARY + 1); p <= count; p++) shown.add(p);
  for (let p = Math.max(1, page - PAGINATION_SIBLINGS); p <= Math.min(count, page + PAGINATION_SIBLINGS); p++)
    shown.add(p);

  const pages = [...shown].sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  let previous = 0;
  for (const p of pages) {
    if (p - previous === 2) items.push(p - 1);
    else if (p - previous > 2) items.push('ellipsis');
    items.push(p);
    previous = p;
  }
  return items;
}
