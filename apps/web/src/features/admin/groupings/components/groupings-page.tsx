// The variant groupings screen (docs/contract/variant-groupings-and-the-article-calls.md, Variant groupings): the paged list by title with
// 'Nouveau regroupement' and 'Aucune variante', or the edit view of one grouping (new when id is null).
import { useState } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import {
  GROUPINGS_TITLE,
  GROUPING_PAGE_SIZE,
  groupingTypeLabel,
  type RegroupementDetail,
} from '@comptoir/shared/groupings';
import { EMPTY_TEXTS } from '@comptoir/shared/messages';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table';
import { PageHeader } from '../../../../components/ui/page-header';
import { Pagination } from '../../../../components/ui/pagination';
import { useGroupings } from '../api/groupings';
import { GROUPING_LABELS as L } from '../labels';
import { GroupingEditor } from './grouping-editor';

type Editing = { grouping: RegroupementDetail | null; key: number } | null;

export function GroupingsPage() {
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const groupings = useGroupings(page);

  if (editing)
    return <GroupingEditor key={editing.key} grouping={editing.grouping} onDone={() => setEditing(null)} />;

  const columns: DataTableColumn<RegroupementDetail>[] = [
    {
      key: 'title',
      header: L.columns.title,
      render: (g) => (
        <Anchor
          component="button"
          type="button"
          fw={600}
          onClick={() => setEditing({ grouping: g, key: Date.now() })}
        >
          {g.titre}
        </Anchor>
      ),
    },
    { key: 'type', header: L.columns.type, render: (g) => groupingTypeLabel(g.type) },
    { key: 'articles', header: L.columns.articles, align: 'right', render: (g) => g.articles.length },
    {
      key: 'attributes',
      header: L.columns.attributes,
      render: (g) => <Text size="sm">{g.attributs.map((a) => a.designation || a.propriete).join(', ')}</Text>,
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title={GROUPINGS_TITLE}
        actions={<Button onClick={() => setEditing({ grouping: null, key: Date.now() })}>{L.add}</Button>}
      />
      <DataTable
        columns={columns}
        rows={groupings.data?.list ?? []}
        rowKey={(g) => g.id}
        caption={L.caption}
        loading={groupings.isPending}
        emptyText={EMPTY_TEXTS.variante}
      />
      <Pagination
        page={page}
        total={(groupings.data?.pages ?? 0) * GROUPING_PAGE_SIZE}
        pageSize={GROUPING_PAGE_SIZE}
        onChange={setPage}
        disabled={groupings.isFetching}
      />
    </Stack>
  );
}
