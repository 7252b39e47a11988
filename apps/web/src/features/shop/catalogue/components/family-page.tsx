// The category page (/catalogue/:code): breadcrumb, sub-families with their counts, sort and filters,
// and the paged articles of the family and all its descendants, each with 'Ajouter au panier' for a
// customer. The page number (?page=2, 1-based), the sort and the filters live in the URL.
import { Link, useSearchParams } from '../../../../lib/router';
import { Alert, Anchor, Skeleton, Text } from '@mantine/core';
import type { FamilyPage } from '@comptoir/shared/catalogue';
import { CATALOGUE_MESSAGES } from '@comptoir/shared/catalogue-page-texts';
import { ApiError, errorMessage } from '../../../../lib/api';
import { AlertIcon } from '../../../../components/ui/icons';
import { Breadcrumb } from '../../../../components/ui/breadcrumb';
import { PageHeader } from '../../../../components/ui/page-header';
import { Pagination } from '../../../../components/ui/pagination';
import { ArticleGrid, articleGridClass } from '../../../../components/ui/article-grid';
import { ListControls } from '../../../../components/ui/list-controls';
import { isFiltered, writeListParams, type ListParams } from '../../../../lib/list-params';
import { readListParams } from '../../../../lib/read-list-params';
import { familyPageIndex, useFamilyPage } from '../api/get-family-page';
import { buyableTileOf } from '../../../../components/ui/buyable-tile';
import { useTtcFirst } from '../../../../lib/shop-access';
import { CATALOGUE_LABELS } from '../labels';
import { CategorySelector } from './category-selector';
import classes from './family-page.module.css';

export function FamilyPageView({ code }: { code: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = familyPageIndex(searchParams);
  const list = readListParams(searchParams);
  const query = useFamilyPage(code, page, list);
  const ttcFirst = useTtcFirst();

  if (query.isPending) return <FamilyPageSkeleton />;
  if (query.isError) {
    const { error } = query;
    if (error instanceof ApiError && error.status === 404)
      return <PageHeader title={CATALOGUE_MESSAGES.familyNotFound} />;
    return (
      <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
        {errorMessage(error)}
      </Alert>
    );
  }
  const data = query.data;
  const changePage = (next: number) => {
    setSearchParams(writeListParams(searchParams, list, next));
    window.scrollTo({ top: 0 });
  };
  // A new sort or filter starts again at the first page; each is a history entry (back undoes it).
  // Rendered at once (flushSync): a second change made before a deferred render would be built from the
  // former params and undo the first (sort, then 'En stock').
  const changeList = (next: ListParams) =>
    setSearchParams(writeListParams(searchParams, next), { flushSync: true });
  const showPrices = data.articles.elements.every((article) => article.prixHT !== undefined);
  return (
    <>
      <Breadcrumb items={data.fil.map((f) => ({ label: f.libelle, href: f.lien }))} />
      <PageHeader
        title={data.famille.libelle}
        subtitle={CATALOGUE_LABELS.articleCount(data.articles.total)}
      />
      <CategorySelector initialPath={data.fil.map((family) => family.code)} />
      <SubFamilies data={data} />
      <ListControls value={list} onChange={changeList} showPrices={showPrices} attributes={data.attributs} />
      {data.articles.total === 0 ? (
        <Text c="dimmed">
          {isFiltered(list) ? CATALOGUE_MESSAGES.noMatch : CATALOGUE_MESSAGES.emptyFamily}
        </Text>
      ) : (
        <>
          <ArticleGrid
            label={CATALOGUE_LABELS.articles}
            busy={query.isPlaceholderData}
            articles={data.articles.elements.map((article) =>
              buyableTileOf(article, data.affichageStock, ttcFirst),
            )}
          />
          <Pagination
            page={data.articles.page}
            total={data.articles.total}
            pageSize={data.articles.size}
            onChange={changePage}
            disabled={query.isPlaceholderData}
          />
        </>
      )}
    </>
  );
}

function SubFamilies({ data }: { data: FamilyPage }) {
  if (data.sousFamilles.length === 0) return null;
  return (
    <nav aria-label={CATALOGUE_LABELS.subFamilies}>
      <ul className={classes.subFamilies}>
        {data.sousFamilles.map((family) => (
          <li key={family.code}>
            <Anchor component={Link} to={family.lien}>
              {family.libelle}
            </Anchor>{' '}
            <Text span c="dimmed" size="sm">
              ({CATALOGUE_LABELS.articleCount(family.nbArticles)})
            </Text>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FamilyPageSkeleton() {
  return (
    <div aria-busy="true">
      <Skeleton height={14} width={240} mb="md" />
      <Skeleton height={32} width={320} mb="lg" />
      <div className={articleGridClass}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={260} radius="md" />
        ))}
      </div>
    </div>
  );
}
