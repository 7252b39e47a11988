// 'Pages du site' (/openweb/admin/admin_pagesSite): an administrator edits the Markdown text of the CGV,
// the mentions légales and the contact page; 'Aperçu' shows it as the server draws and sanitises it;
// each 'Enregistrer' makes a new version, listed below.
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { formatDate } from '@comptoir/shared/format';
import {
  SITE_PAGE_PATHS,
  SITE_PAGE_TITLES,
  SITE_PAGES,
  type SitePage,
} from '@comptoir/shared/site-pages-texts';
import type { SitePageVersion } from '@comptoir/shared/site-pages';
import { errorMessage } from '../../../../lib/api';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table';
import { AlertIcon } from '../../../../components/ui/icons';
import { PageLoader } from '../../../../components/ui/page-loader';
import { usePreviewSitePage, useSaveSitePage, useSitePageEdit } from '../api/site-pages';
import { SITE_PAGES_LABELS } from '../labels';
import classes from './site-pages-page.module.css';

export function SitePagesPage() {
  const [page, setPage] = useState<SitePage>('cgv');
  return (
    <Stack gap="lg">
      <SegmentedControl
        aria-label={SITE_PAGES_LABELS.pageChoice}
        value={page}
        onChange={(value) => setPage(value as SitePage)}
        data={SITE_PAGES.map((code) => ({ value: code, label: SITE_PAGE_TITLES[code] }))}
        fullWidth
        orientation="horizontal"
        styles={{ label: { whiteSpace: 'normal' } }}
      />
      <PageEditor key={page} page={page} />
    </Stack>
  );
}

const versionColumns: DataTableColumn<SitePageVersion>[] = [
  { key: 'version', header: SITE_PAGES_LABELS.version, render: (v) => v.version },
  { key: 'date', header: SITE_PAGES_LABELS.date, render: (v) => formatDate(v.date), nowrap: true },
  { key: 'by', header: SITE_PAGES_LABELS.by, render: (v) => v.login ?? SITE_PAGES_LABELS.demo },
];

function PageEditor({ page }: { page: SitePage }) {
  const edit = useSitePageEdit(page);
  if (edit.isPending) return <PageLoader />;
  if (edit.isError)
    return (
      <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
        {errorMessage(edit.error)}
      </Alert>
    );
  return <Editor page={page} markdown={edit.data.markdown} versions={edit.data.versions} />;
}

/** The text as loaded, then as typed; the versions as the server last answered them. */
function Editor({
  page,
  markdown,
  versions,
}: {
  page: SitePage;
  markdown: string;
  versions: SitePageVersion[];
}) {
  const save = useSaveSitePage(page);
  const preview = usePreviewSitePage();
  const [text, setText] = useState(markdown);
  const title = SITE_PAGE_TITLES[page];
  const failure = save.error ?? preview.error;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="baseline">
        <Title order={2} fz="h3">
          {title}
        </Title>
        <Anchor href={SITE_PAGE_PATHS[page]} target="_blank" rel="noopener">
          {SITE_PAGES_LABELS.see}
        </Anchor>
      </Group>
      <Textarea
        label={SITE_PAGES_LABELS.text}
        description={SITE_PAGES_LABELS.textHint}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        rows={16}
        resize="vertical"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      {failure ? (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {errorMessage(failure)}
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button variant="default" loading={preview.isPending} onClick={() => preview.mutate(text)}>
          {SITE_PAGES_LABELS.preview}
        </Button>
        <Button loading={save.isPending} onClick={() => save.mutate(text)}>
          {SITE_PAGES_LABELS.save}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {SITE_PAGES_LABELS.saveHint}
      </Text>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="site-page-preview">
        <Title order={3} fz="h4" mb="sm" id="site-page-preview">
          {SITE_PAGES_LABELS.previewTitle}
        </Title>
        {preview.data ? (
          // The server's sanitised HTML (sanitize-html), as the storefront shows it.
          <div className={classes.preview} dangerouslySetInnerHTML={{ __html: preview.data.html }} />
        ) : (
          <Text size="sm" c="dimmed">
            {SITE_PAGES_LABELS.previewEmpty}
          </Text>
        )}
      </Paper>
      <section aria-labelledby="site-page-versions">
        <Title order={3} fz="h4" mb="sm" id="site-page-versions">
          {SITE_PAGES_LABELS.versions}
        </Title>
        <DataTable
          caption={`${SITE_PAGES_LABELS.versions} : ${title}`}
          columns={versionColumns}
          rows={versions}
          rowKey={(v) => v.version}
          emptyText={SITE_PAGES_LABELS.noVersion}
        />
      </section>
    </Stack>
  );
}
