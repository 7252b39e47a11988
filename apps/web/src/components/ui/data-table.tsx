// The list table of the back office and the storefront: columns declared once, a loading state
// ('Recherche en cours ...'), an empty state ('Aucune donnée à afficher') and an optional info message
// shown above the table. A phone shows each row as a card of 'header: value' lines (the same table,
// restyled: nothing to scroll sideways, every column and action in reach, the table semantics kept),
// unless `cardsOnPhone` is false. Wider, or without cards, a table wider than its room scrolls inside
// its own frame, which is then a named region the keyboard can scroll (TableFrame).
import { useRef, type ReactNode } from 'react';
import { Alert, Loader, Group, Table, Text, type TableProps } from '@mantine/core';
import { EMPTY_TEXTS, LOADING_TEXT } from '@comptoir/shared/messages';
import { InfoIcon } from './icons';
import { scrollingFrameProps, useScrollsSideways } from './scroll-frame';
import classes from './data-table.module.css';

export interface DataTableColumn<Row> {
  /** Unique among the columns. */
  key: string;
  /** Header text (a <th scope="col">). */
  header: ReactNode;
  /** The cell's content for one row. */
  render: (row: Row) => ReactNode;
  align?: 'left' | 'center' | 'right';
  /** CSS width of the column. */
  width?: number | string;
  /** Keeps the cell on one line (dates, amounts). */
  nowrap?: boolean;
}

export interface DataTableProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  /** Identifies a row (React key). */
  rowKey: (row: Row) => string | number;
  /** Accessible name of the table. */
  caption: string;
  /** Shows 'Recherche en cours ...' instead of the rows. */
  loading?: boolean;
  /** Shown when there is no row; defaults to 'Aucune donnée à afficher'. */
  emptyText?: string;
  /** Info message area above the table, shown when set. */
  message?: ReactNode;
  /** Highlights rows under the pointer. */
  highlightOnHover?: boolean;
  /** A last row in the table's footer (e.g. totals), rendered by the same columns, shown with the rows. */
  footerRow?: Row;
  /**
   * Below 48em, each row is a card: the first column as its title, the others under their header
   * (default). false: the table keeps its columns and scrolls sideways in its frame.
   */
  cardsOnPhone?: boolean;
}

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  loading = false,
  emptyText = EMPTY_TEXTS.table,
  message,
  highlightOnHover = true,
  footerRow,
  cardsOnPhone = true,
}: DataTableProps<Row>) {
  // The header as a card line's label (a plain-text header; the first column titles the card).
  const cardLabel = (column: DataTableColumn<Row>) =>
    cardsOnPhone && column !== columns[0] && typeof column.header === 'string' ? column.header : undefined;
  const state = loading ? 'loading' : rows.length === 0 ? 'empty' : 'rows';
  return (
    <div>
      {message ? (
        <Alert variant="light" color="ardoise" icon={<InfoIcon />} mb="sm" role="status">
          {message}
        </Alert>
      ) : null}
      <TableFrame
        caption={caption}
        cardsOnPhone={cardsOnPhone}
        aria-busy={loading}
        highlightOnHover={highlightOnHover && state === 'rows'}
        verticalSpacing="xs"
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} scope="col" style={{ textAlign: column.align, width: column.width }}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {state === 'rows' ? (
            rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td
                    key={column.key}
                    data-label={cardLabel(column)}
                    style={{ textAlign: column.align, whiteSpace: column.nowrap ? 'nowrap' : undefined }}
                  >
                    {column.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          ) : (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                {state === 'loading' ? (
                  <Group gap="xs" justify="center" py="md" role="status">
                    <Loader size="sm" />
                    <Text>{LOADING_TEXT}</Text>
                  </Group>
                ) : (
                  <Text ta="center" py="md" c="dimmed">
                    {emptyText}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
        {state === 'rows' && footerRow !== undefined ? (
          <Table.Tfoot>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  data-label={cardLabel(column)}
                  scope={column === columns[0] ? 'row' : undefined}
                  style={{ textAlign: column.align, whiteSpace: column.nowrap ? 'nowrap' : undefined }}
                >
                  {column.render(footerRow)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </TableFrame>
    </div>
  );
}

export interface TableFrameProps extends Omit<TableProps, 'aria-label'> {
  /** Accessible name of the table, and of its frame while it scrolls. */
  caption: string;
  /** Below 48em, each row is a card (see DataTable); its cells name their column in `data-label`. */
  cardsOnPhone?: boolean;
  /** Narrower than this (px), the table scrolls sideways in its frame rather than squeezing its columns. */
  minWidth?: number;
}

/**
 * DataTable's table and frame, for a table written by hand (rows that are components with a state of
 * their own): striped, cards on a phone — each `Table.Td` but the first one then needs
 * `data-label={its column's header}` — and scrolling in its own frame when it is wider than its room.
 */
export function TableFrame({
  caption,
  cardsOnPhone = true,
  minWidth = 600,
  className,
  children,
  ...tableProps
}: TableFrameProps) {
  const frame = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(frame);
  return (
    // Native overflow rather than Mantine's ScrollArea: the element that scrolls is the one named and
    // focused, so that a keyboard user can reach the columns out of view with the arrow keys.
    <Table.ScrollContainer
      ref={frame}
      type="native"
      minWidth={minWidth}
      className={cardsOnPhone ? classes.cardsScroll : undefined}
      {...scrollingFrameProps(scrolls, caption)}
    >
      <Table
        striped
        {...tableProps}
        className={
          [cardsOnPhone ? classes.cards : undefined, className].filter(Boolean).join(' ') || undefined
        }
        aria-label={caption}
      >
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}
