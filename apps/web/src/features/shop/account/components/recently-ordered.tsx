// The home's 'Commandé récemment' block for a logged-in customer: the articles of its latest orders
// still sold, the most recently ordered first, at its prices, each with 'Ajouter au panier'. Nothing
// shows when there is none, or when the call fails (the home stays the home).
// Loaded lazily by the home route, only for a customer: visitors download and call nothing of it.
import { Stack, Title } from '@mantine/core';
import { ArticleGrid } from '../../../../components/ui/article-grid';
import { buyableTileOf } from '../../../../components/ui/buyable-tile';
import { useTtcFirst } from '../../../../lib/shop-access';
import type { RecentArticles } from '@comptoir/shared/account';
import { RECENTLY_ORDERED_LABELS as L } from '../labels';

/** `data`: the answer of GET /rest/compte/articles-recents, asked by the home (it waits for it). */
export function RecentlyOrdered({ data }: { data: RecentArticles | undefined }) {
  const ttcFirst = useTtcFirst();
  if (!data || data.articles.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="recently-ordered" mb="xl">
      <Title order={2} fz="h3" id="recently-ordered">
        {L.title}
      </Title>
      <ArticleGrid
        label={L.title}
        articles={data.articles.map((article) => buyableTileOf(article, data.affichageStock, ttcFirst))}
      />
    </Stack>
  );
}
