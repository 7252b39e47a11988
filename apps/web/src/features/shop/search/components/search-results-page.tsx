// The full results page of a storefront search (/recherche?q=): every matching article, 24 a page, by
// relevance or sorted, filtered by stock, price and the attributes of the articles found, each with
// 'Ajouter au panier' for a customer.
import { Alert, Text } from '@mantine/core';
import { CATALOGUE_MESSAGES } from '@comptoir/shared/catalogue-page-texts';
import { reachesTrigger, SEARCH_MESSAGES } from '@comptoir/shared/search-texts';
import { PageHeader } from '../../../../components/ui/page-header';
import { PageLoader } from '../../../../components/ui/page-loader';
import { Pagination } from '../../../../components/ui/pagination';
import { StockBadge } from '../../../../components/ui/stock-badge';
import { ArticleGrid } from '../../../../components/ui/article-grid';
import { ListControls } from '../../../../components/ui/list-controls';
import { QuickAdd } from '../../../../components/ui/quick-add';
import { tilePrice } from '../../../../components/ui/article-tile';
import { useTtcFirst } from '../../../../lib/shop-access';
import { isFiltered, type ListParams } from '../../../../lib/list-params';
import { useSearchPage, useSearchSettings } from '../api/search';
import { SEARCH_LABELS as L } from '../labels';

export interface SearchResultsPageProps {
  text: string;
  page: number;
  list: ListParams;
  onListChange: (list: ListParams) => void;
  onPageChange: (page: number) => void;
}

export function SearchResultsPage({ text, page, list, onListChange, onPageChange }: SearchResultsPageProps) {
  const { longueurDeclenchement, affichageStock } = useSearchSettings();
  const valid = reachesTrigger(text, longueurDeclenchement);
  const { data, isPending, isError, isPlaceholderData } = useSearchPage(text, page, list, valid);
  const ttcFirst = useTtcFirst();
  const showPrices = data?.elements.every((article) => article.prixHT !== undefined) ?? true;
  const title = text.trim() ? L.pageTitleFor(text.trim()) : L.pageTitle;

  return (
    <>
      <PageHeader title={title} />
      {!valid || isError ? (
        <Alert color="gray">{SEARCH_MESSAGES.noArticle}</Alert>
      ) : isPending ? (
        <PageLoader />
      ) : data.total === 0 && !isFiltered(list) ? (
        <Alert color="gray">{SEARCH_MESSAGES.noArticle}</Alert>
      ) : (
        <>
          <Text mb="md">{L.found(data.total)}</Text>
          <ListControls
            value={list}
            onChange={onListChange}
            showPrices={showPrices}
            attributes={data.attributs}
          />
          {data.total === 0 ? <Text c="dimmed">{CATALOGUE_MESSAGES.noMatch}</Text> : null}
          <ArticleGrid
            busy={isPlaceholderData}
            articles={data.elements.map((article) => ({
              key: String(article.id),
              href: article.link,
              designation: article.designation,
              codeArticle: article.codeArticle,
              hasVariants: article.hasDeclinaisons,
              image: article.image.src ? { src: article.image.src, alt: article.image.libelle } : null,
              ...tilePrice(article, ttcFirst),
              stock: <StockBadge stock={article.infoStock} mode={affichageStock} unit={article.uniteStock} />,
              action: (
                <QuickAdd
                  codeArticle={article.codeArticle}
                  designation={article.designation}
                  hasVariants={article.hasDeclinaisons}
                  href={article.link}
                  sale={{
                    vente: article.vente,
                    unit: article.uniteTarif,
                    stock: article.infoStock,
                    stockUnit: article.uniteStock,
                  }}
                />
              ),
            }))}
          />
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
