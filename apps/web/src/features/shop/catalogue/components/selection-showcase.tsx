// The home's promotion block: the latest article-selection model an administrator saved, its families as
// links and its articles as tiles. Nothing shows when there is no model or it is empty.
import { Link } from 'react-router';
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { ArticleGrid } from '../../../../components/ui/article-grid';
import type { SelectionVitrine } from '@comptoir/shared/selection-models';
import { articleTileOf } from '../../../../components/ui/article-tile';
import { CATALOGUE_LABELS } from '../labels';

/** `data`: the answer of GET /catalogue/selection, asked by the page (it waits for it before drawing). */
export function SelectionShowcase({ data }: { data: SelectionVitrine | null | undefined }) {
  if (!data || (data.articles.length === 0 && data.familles.length === 0)) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="selection-showcase" mb="xl">
      <Title order={2} fz="h3" id="selection-showcase">
        {CATALOGUE_LABELS.selection(data.nom)}
      </Title>
      {data.familles.length > 0 ? (
        <Group gap="md">
          {data.familles.map((family) => (
            <Anchor key={family.code} component={Link} to={family.lien}>
              {family.libelle}
            </Anchor>
          ))}
        </Group>
      ) : null}
      <ArticleGrid
        label={CATALOGUE_LABELS.selection(data.nom)}
        articles={data.articles.map((article) => articleTileOf(article, null))}
      />
    </Stack>
  );
}
