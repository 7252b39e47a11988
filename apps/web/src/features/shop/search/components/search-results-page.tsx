// The full results page of a storefront search (/recherche?q=): every matching article, 24 a page.
import { Link } from 'react-router';
import { Alert, Anchor, Card, Text } from '@mantine/core';
import type { AffichageStock } from '@comptoir/shared/catalogue';
import { SEARCH_MESSAGES, reachesTrigger, type SearchArticle } from '@comptoir/shared/search';
import { PageHeader } from '../../../../components/ui/page-header';
import { PageLoader } from '../../../../components/ui/page-loader';
import { Pagination } from '../../../../components/ui/pagination';
import { StockBadge } from '../../../../components/ui/stock-badge';
import { useSearchPage, useSearchSettings } from '../api/search';
import classes from './search-results-page.module.css';

export interface SearchResultsPageProps {
  text: string;
  page: number;
  onPageChange: (page: number) => void;
}

export function SearchResultsPage({ text, page, onPageChange }: SearchResultsPageProps) {
  const { longueurDeclenchement, affichageStock } = useSearchSettings();
  const valid = reachesTrigger(text, longueurDeclenchement);
  const { data, isPending, isError, isPlaceholderData } = useSearchPage(text, page, valid);
  const title = text.trim() ? `Résultats pour « ${text.trim()} »` : 'Recherche';

  return (
    <>
      <PageHeader title={title} />
      {!valid || isError ? (
        <Alert color="gray">{SEARCH_MESSAGES.noArticle}</Alert>
      ) : isPending ? (
        <PageLoader />
      ) : data.total === 0 ? (
        <Alert color="gray">{SEARCH_MESSAGES.noArticle}</Alert>
      ) : (
        <>
          <Text mb="md">
            {data.total} article{data.total > 1 ? 's' : ''} trouvé{data.total > 1 ? 's' : ''}
          </Text>
          <ul className={classes.grid} aria-busy={isPlaceholderData}>
            {data.elements.map((article) => (
              <li key={article.id}>
                <ResultCard article={article} mode={affichageStock} />
              </li>
            ))}
          </ul>
          <Pagination
            page={data.page}
            total={data.total}
            pageSize={data.size}
            onChange={onPageChange}
            disabled={isPlaceholderData}
          />
        </>
      )}
    </>
  );
}

function ResultCard({ article, mode }: { article: SearchArticle; mode: AffichageStock }) {
  return (
    <Card withBorder radius="md" padding="md" className={classes.card}>
      {article.image.src ? (
        <img src={article.image.src} alt={article.image.libelle} className={classes.image} loading="lazy" />
      ) : (
        <div className={classes.image} aria-hidden="true" />
      )}
      <Anchor component={Link} to={article.link} fw={600}>
        {article.designation}
      </Anchor>
      <Text size="sm" c="dimmed">
        Réf. {article.codeArticle}
        {article.hasDeclinaisons ? ' · plusieurs déclinaisons' : ''}
      </Text>
      <StockBadge stock={article.infoStock} mode={mode} unit={article.uniteStock} />
    </Card>
  );
}
