// The pager of every paginated list (docs/contract/constants-and-formats.md). Pages are 0-based in props (as
// the API counts them) and 1-based on screen; the window of shown pages is the pure paginationWindow of
// @comptoir/shared. Drawn by the server (a visitor's category page), it waits for the hydration: a press
// before would be lost.
import { Button, Group } from '@mantine/core';
import { pageCount, paginationWindow } from '@comptoir/shared/pagination';
import { useHydrated } from '../../lib/hydrated';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { PAGINATION_LABELS } from './labels';

export interface PaginationProps {
  /** The current page, 0-based. */
  page: number;
  /** Number of rows of the whole list; the pager is hidden when it is 0. */
  total: number;
  /** Rows per page: there are ceil(total / pageSize) pages. */
  pageSize: number;
  /** Called with the chosen page, 0-based. */
  onChange: (page: number) => void;
  /** Disables every button, e.g. while the page is loading. */
  disabled?: boolean;
}

export function Pagination({ page, total, pageSize, onChange, disabled: busy = false }: PaginationProps) {
  const hydrated = useHydrated();
  const disabled = busy || !hydrated;
  const count = pageCount(total, pageSize);
  if (count === 0) return null;
  const current = Math.min(Math.max(page, 0), count - 1) + 1;
  const go = (shown: number) => onChange(shown - 1);

  return (
    <nav aria-label={PAGINATION_LABELS.nav}>
      <Group gap={4} justify="center" wrap="wrap" my="md">
        <Button
          variant="default"
          size="compact-md"
          px={6}
          aria-label={PAGINATION_LABELS.previous}
          disabled={disabled || current === 1}
          onClick={() => go(current - 1)}
        >
          <ChevronLeftIcon />
        </Button>
        {paginationWindow(current, count).map((item, index) =>
          item === 'ellipsis' ? (
            <span key={`ellipsis-${index}`} aria-hidden="true" style={{ padding: '0 4px' }}>
              …
            </span>
          ) : (
            <Button
              key={item}
              variant={item === current ? 'filled' : 'default'}
              size="compact-md"
              miw={34}
              aria-label={PAGINATION_LABELS.page(item)}
              aria-current={item === current ? 'page' : undefined}
              disabled={disabled}
              onClick={() => item !== current && go(item)}
            >
              {item}
            </Button>
          ),
        )}
        <Button
          variant="default"
          size="compact-md"
          px={6}
          aria-label={PAGINATION_LABELS.next}
          disabled={disabled || current === count}
          onClick={() => go(current + 1)}
        >
          <ChevronRightIcon />
        </Button>
      </Group>
    </nav>
  );
}
