// The imported-files page (docs/contract/imported-files.md): the files of the ERP drop folder, newest
// first, 50 a page, with their size and state; download (a link), put back in the queue (an imported
// or refused file), delete after a confirmation; 'Retour' to the import page. A failed list toasts
// 'Error fetching fichiers importation' and shows nothing.
import { useState } from 'react';
import { Link } from '../../../../lib/router';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { formatDate } from '@comptoir/shared/format';
import {
  IMPORTED_FILES_PAGE_SIZE,
  IMPORTED_FILES_TITLE,
  type FichierImportation,
} from '@comptoir/shared/imported-files';
import { IMPORT_FILE_STATE_LABELS, requeuedName, type ImportFileState } from '@comptoir/shared/imports';
import { paths } from '../../../../config/paths';
import { errorMessage } from '../../../../lib/api';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table';
import { DownloadIcon, ResendIcon, TrashIcon } from '../../../../components/ui/icons';
import { PageHeader } from '../../../../components/ui/page-header';
import { Pagination } from '../../../../components/ui/pagination';
import { showErrorToast, showSuccessToast } from '../../../../components/ui/toasts';
import { downloadHref, useDeleteFile, useImportedFiles, useRequeueFile } from '../api/imported-files';
import { IMPORTED_FILES_LABELS as L } from '../labels';

/** Failed imports stand out; the others read as plain text. */
const STATE_COLORS: Partial<Record<ImportFileState, string>> = { refuse: 'red.9' };

const NOTHING: readonly FichierImportation[] = [];

export function ImportedFilesPage() {
  const [page, setPage] = useState(0);
  const [toDelete, setToDelete] = useState<FichierImportation | null>(null);
  const files = useImportedFiles(page);
  const requeue = useRequeueFile();
  const remove = useDeleteFile();
  const rows = files.isError ? NOTHING : (files.data?.elements ?? NOTHING);
  const total = files.isError ? 0 : (files.data?.total ?? 0);

  const columns: DataTableColumn<FichierImportation>[] = [
    { key: 'name', header: L.columns.name, render: (f) => f.name },
    { key: 'size', header: L.columns.size, align: 'right', nowrap: true, render: (f) => f.formatsize },
    { key: 'date', header: L.columns.date, nowrap: true, render: (f) => formatDate(f.date) },
    {
      key: 'state',
      header: L.columns.state,
      render: (f) => (
        <Text size="sm" fw={600} c={STATE_COLORS[f.etat]}>
          {IMPORT_FILE_STATE_LABELS[f.etat]}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: L.columns.actions,
      nowrap: true,
      render: (f) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={L.download(f.name)} withArrow>
            <ActionIcon
              component="a"
              href={downloadHref(f.name)}
              download
              variant="subtle"
              aria-label={L.download(f.name)}
            >
              <DownloadIcon />
            </ActionIcon>
          </Tooltip>
          {requeuedName(f.name) ? (
            <Tooltip label={L.requeue(f.name)} withArrow>
              <ActionIcon
                variant="subtle"
                aria-label={L.requeue(f.name)}
                loading={requeue.isPending && requeue.variables === f.name}
                onClick={() =>
                  requeue.mutate(f.name, {
                    onSuccess: (file) => showSuccessToast(L.requeued(file.name)),
                    onError: (error) => showErrorToast(errorMessage(error)),
                  })
                }
              >
                <ResendIcon />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {f.etat !== 'encours' ? (
            <Tooltip label={L.remove(f.name)} withArrow>
              <ActionIcon
                variant="subtle"
                color="red.8"
                aria-label={L.remove(f.name)}
                onClick={() => setToDelete(f)}
              >
                <TrashIcon />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      ),
    },
  ];

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.name, {
      onSuccess: (answer) => {
        showSuccessToast(answer.message);
        // The page's last file is gone: show the page before it.
        if (rows.length === 1 && page > 0) setPage(page - 1);
      },
      onError: (error) => showErrorToast(errorMessage(error)),
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <Stack gap="md">
      <PageHeader
        title={IMPORTED_FILES_TITLE}
        subtitle={L.subtitle}
        actions={
          <Button component={Link} to={paths.admin.imports.getHref()} variant="default">
            {L.back}
          </Button>
        }
      />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(f) => f.name}
        caption={L.caption}
        loading={files.isPending}
      />
      <Pagination
        page={page}
        total={total}
        pageSize={IMPORTED_FILES_PAGE_SIZE}
        disabled={files.isFetching}
        onChange={setPage}
      />
      <ConfirmModal
        title={L.deleteTitle}
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
        confirmLabel={L.deleteConfirm}
        danger
        loading={remove.isPending}
      >
        {toDelete ? L.deleteQuestion(toDelete.name) : ''}
      </ConfirmModal>
    </Stack>
  );
}
