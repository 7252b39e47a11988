// The article-selection models screen (docs/contract/article-selection-models.md): 'Créer un modèle',
// the paged 'LIST OF MODELS' (click a name to edit, 'Aucun modèle'), the editor in a dialog.
import { useState } from 'react';
import { Anchor, Button, Stack, Title } from '@mantine/core';
import { EMPTY_TEXTS } from '@comptoir/shared/messages';
import {
  SELECTION_MODEL_PAGE_SIZE,
  SELECTION_MODELS_TITLE,
  type SelectionModel,
} from '@comptoir/shared/selection-models';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table';
import { PageHeader } from '../../../../components/ui/page-header';
import { Pagination } from '../../../../components/ui/pagination';
import { useSelectionModels } from '../api/selection-models';
import { MODEL_LABELS as L } from '../labels';
import { SelectionModelEditor } from './selection-model-editor';

type Editing = { model: SelectionModel | null; key: number } | null;

export function SelectionModelsPage() {
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const models = useSelectionModels(page);
  const open = (model: SelectionModel | null) => setEditing({ model, key: Date.now() });

  const columns: DataTableColumn<SelectionModel>[] = [
    {
      key: 'name',
      header: L.columns.name,
      render: (m) => (
        <Anchor component="button" type="button" fw={600} onClick={() => open(m)}>
          {m.nom}
        </Anchor>
      ),
    },
    {
      key: 'families',
      header: L.columns.families,
      align: 'right',
      render: (m) => m.selection.famille.length,
    },
    {
      key: 'articles',
      header: L.columns.articles,
      align: 'right',
      render: (m) => m.selection.article.length,
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title={SELECTION_MODELS_TITLE}
        actions={<Button onClick={() => open(null)}>{L.create}</Button>}
      />
      <Title order={2} fz="h4">
        {L.list}
      </Title>
      <DataTable
        columns={columns}
        rows={models.data?.list ?? []}
        rowKey={(m) => m.id}
        caption={L.caption}
        loading={models.isPending}
        emptyText={EMPTY_TEXTS.modele}
      />
      <Pagination
        page={page}
        total={(models.data?.pages ?? 0) * SELECTION_MODEL_PAGE_SIZE}
        pageSize={SELECTION_MODEL_PAGE_SIZE}
        onChange={setPage}
        disabled={models.isFetching}
      />
      {editing ? (
        <SelectionModelEditor key={editing.key} model={editing.model} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}
