// 'Imports ERP' (docs/contract/erp-imports.md): send a file, follow each running import's progress bar
// (refreshed every second), and read the history with each import's counts and report.
import { useState } from 'react';
import { Anchor, Button, Card, FileInput, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatInteger } from '@comptoir/shared/format';
import {
  IMPORT_HISTORY_PAGE_SIZE,
  IMPORT_PAGE_TITLE,
  IMPORT_STATUS_LABELS,
  type ImportSummary,
} from '@comptoir/shared/imports/contract';
import { IMPORT_KIND_LABELS } from '@comptoir/shared/imports/kinds';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table';
import { PageHeader } from '../../../../components/ui/page-header';
import { Pagination } from '../../../../components/ui/pagination';
import { showErrorToast, showSuccessToast } from '../../../../components/ui/toasts';
import { errorMessage } from '../../../../lib/api';
import { reportHref, useImports, useUploadImport } from '../api/imports';
import { IMPORT_LABELS as L } from '../labels';
import { ImportReportModal } from './import-report-modal';

const kindLabel = (job: ImportSummary) => (job.type ? IMPORT_KIND_LABELS[job.type] : L.unknownKind);
/** The CSV's name, with its ZIP when it came in one. */
const entryLabel = (job: ImportSummary) =>
  job.entree === job.fichier ? job.fichier : `${job.fichier} › ${job.entree}`;

function RunningImport({ job }: { job: ImportSummary }) {
  const total = job.lignesTotal;
  const percent = total ? Math.min(100, Math.round((job.lignesTraitees / total) * 100)) : 0;
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb={6} wrap="wrap">
        <Text fw={600}>{entryLabel(job)}</Text>
        <Text size="sm" c="dimmed">
          {kindLabel(job)} — {L.progress(job.lignesTraitees, total)}
        </Text>
      </Group>
      <Progress value={percent} size="lg" aria-label={L.progressLabel(job.entree)} animated />
    </Card>
  );
}

export function ImportsPage() {
  const [page, setPage] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [reportOf, setReportOf] = useState<ImportSummary | null>(null);
  const imports = useImports(page, sent !== null);
  const upload = useUploadImport();
  const data = imports.data;
  // A file sent is watched until its first import shows up.
  if (sent && data && [...data.enCours, ...data.historique].some((job) => job.fichier === sent))
    setSent(null);

  const send = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (answer) => {
        setSent(answer.fichier);
        setFile(null);
        showSuccessToast(answer.message);
      },
      onError: (error) => showErrorToast(errorMessage(error)),
    });
  };

  const count = (value: number) => formatInteger(value);
  const columns: DataTableColumn<ImportSummary>[] = [
    { key: 'date', header: L.columns.date, nowrap: true, render: (job) => formatDate(job.debut) },
    { key: 'file', header: L.columns.file, render: (job) => entryLabel(job) },
    { key: 'kind', header: L.columns.kind, render: kindLabel },
    {
      key: 'status',
      header: L.columns.status,
      render: (job) => (
        <Text size="sm" fw={600}>
          {IMPORT_STATUS_LABELS[job.statut]}
        </Text>
      ),
    },
    { key: 'read', header: L.columns.read, align: 'right', render: (job) => count(job.lues) },
    { key: 'created', header: L.columns.created, align: 'right', render: (job) => count(job.creees) },
    { key: 'updated', header: L.columns.updated, align: 'right', render: (job) => count(job.modifiees) },
    { key: 'unchanged', header: L.columns.unchanged, align: 'right', render: (job) => count(job.inchangees) },
    {
      key: 'deactivated',
      header: L.columns.deactivated,
      align: 'right',
      render: (job) => count(job.desactivees),
    },
    { key: 'rejects', header: L.columns.rejects, align: 'right', render: (job) => count(job.rejets) },
    {
      key: 'actions',
      header: L.columns.actions,
      nowrap: true,
      render: (job) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            aria-label={L.showReportOf(job.entree)}
            onClick={() => setReportOf(job)}
          >
            {L.showReport}
          </Button>
          <Anchor size="sm" href={reportHref(job.id)} download aria-label={L.downloadOf(job.entree)}>
            {L.download}
          </Anchor>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="xl">
      <PageHeader title={IMPORT_PAGE_TITLE} subtitle={L.subtitle} />

      <section aria-labelledby="import-upload">
        <Title order={2} fz="h4" id="import-upload" mb="sm">
          {L.uploadTitle}
        </Title>
        <Group align="flex-end" wrap="wrap">
          <FileInput
            label={L.fileLabel}
            description={L.fileHelp}
            placeholder={L.filePlaceholder}
            // Mantine's placeholder grey is too pale on white for axe's contrast: the text's dimmed colour.
            styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
            accept=".zip,.csv"
            value={file}
            onChange={setFile}
            clearable
            w={360}
            maw="100%"
          />
          <Button onClick={send} disabled={!file} loading={upload.isPending}>
            {L.upload}
          </Button>
        </Group>
      </section>

      <section aria-labelledby="import-running">
        <Title order={2} fz="h4" id="import-running" mb="sm">
          {L.runningTitle}
        </Title>
        {data?.enCours.length ? (
          <Stack gap="sm">
            {data.enCours.map((job) => (
              <RunningImport key={job.id} job={job} />
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">{L.noneRunning}</Text>
        )}
      </section>

      <section aria-labelledby="import-history">
        <Title order={2} fz="h4" id="import-history" mb="sm">
          {L.historyTitle}
        </Title>
        <DataTable
          columns={columns}
          rows={data?.historique ?? []}
          rowKey={(job) => job.id}
          caption={L.historyCaption}
          loading={imports.isPending}
        />
        {data && data.total > 0 ? (
          <Pagination page={page} total={data.total} pageSize={IMPORT_HISTORY_PAGE_SIZE} onChange={setPage} />
        ) : null}
      </section>

      <ImportReportModal job={reportOf} onClose={() => setReportOf(null)} />
    </Stack>
  );
}
