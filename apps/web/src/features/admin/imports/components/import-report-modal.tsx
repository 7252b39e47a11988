// One import's report: its message, counts and every rejected row (file, line, column, reason).
import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ImportRejet, ImportSummary } from '@comptoir/shared/imports/contract';
import { TEXT_ENCODING_LABELS } from '@comptoir/shared/imports/encoding';
import { AppModal } from '../../../../components/ui/app-modal';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table';
import { reportHref, useImportDetail } from '../api/imports';
import { IMPORT_LABELS as L } from '../labels';

const columns: DataTableColumn<ImportRejet & { key: number }>[] = [
  { key: 'file', header: L.rejectColumns.file, render: (r) => r.fichier },
  { key: 'line', header: L.rejectColumns.line, align: 'right', render: (r) => r.ligne ?? '' },
  { key: 'column', header: L.rejectColumns.column, render: (r) => r.colonne ?? '' },
  { key: 'reason', header: L.rejectColumns.reason, render: (r) => r.motif },
];

export function ImportReportModal({ job, onClose }: { job: ImportSummary | null; onClose: () => void }) {
  const detail = useImportDetail(job?.id ?? null);
  const rows = (detail.data?.lignesRejetees ?? []).map((r, key) => ({ ...r, key }));
  const encoding = detail.data?.encodage ?? job?.encodage;
  return (
    <AppModal
      opened={job !== null}
      onClose={onClose}
      title={job ? L.reportTitle(job.entree) : ''}
      kind="picker"
    >
      {job ? (
        <Stack gap="sm">
          {job.message ? (
            <Text role="status" c="red.8">
              {job.message}
            </Text>
          ) : null}
          {encoding ? <Text size="sm">{L.encoding(TEXT_ENCODING_LABELS[encoding])}</Text> : null}
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(r) => r.key}
            caption={L.reportCaption}
            loading={detail.isPending}
            emptyText={L.noReject}
            highlightOnHover={false}
          />
          {detail.data && detail.data.rejets > rows.length ? (
            <Text size="sm">{L.moreRejects(detail.data.rejets - rows.length)}</Text>
          ) : null}
          <Group justify="flex-end">
            <Anchor href={reportHref(job.id)} download aria-label={L.downloadOf(job.entree)}>
              {L.download}
            </Anchor>
          </Group>
        </Stack>
      ) : null}
    </AppModal>
  );
}
