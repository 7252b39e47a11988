import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { STOREFRONT_ACCESS_MESSAGES } from '@comptoir/shared/connection-settings-texts';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { PlainAlert, PlainLinkButton } from '../../../components/ui/plain';
import { rootCategoriesQueryOptions } from '../../../features/shop/catalogue/api/get-root-categories';
import { selectionQueryOptions, useSelection } from '../../../features/shop/catalogue/api/get-selection';
import { InfoIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { CategorySelector } from '../../../features/shop/catalogue/components/category-selector';
import { RootCategories } from '../../../features/shop/catalogue/components/root-categories';
import { useMe } from '../../../lib/auth';
import { recentArticlesQueryKey } from '../../../lib/resources/account-orders';
import { useCanBrowse } from '../../../lib/shop-access';
import { SelectionShowcase } from '../../../features/shop/catalogue/components/selection-showcase';
import { APP_LABELS } from '../../labels';
import type { PrefetchPage } from '../../page-data';
import classes from './home.module.css';

// A customer's own block, in a chunk of its own: the visitor's first load (.size-limit.js) carries
// none of it, and a visitor never calls its route.
const loadRecentlyOrdered = () => import('../../../features/shop/account/components/recently-ordered');
const RecentlyOrdered = lazy(() =>
  loadRecentlyOrdered().then((module) => ({ default: module.RecentlyOrdered })),
);

/** A visitor's home: the promotion block and the root categories (a customer's own block is not drawn by the server). */
export const prefetch: PrefetchPage = ({ client }) =>
  Promise.all([
    client.prefetchQuery(selectionQueryOptions()),
    client.prefetchQuery(rootCategoriesQueryOptions()),
  ]);

export function Component() {
  const canBrowse = useCanBrowse();
  const { data: user } = useMe();
  const customer = canBrowse === true && Boolean(user?.codeClient);
  // The blocks above the categories arrive before them: the page waits for their first answers (all asked
  // at once), so that they never push the page down under the shopper's finger. A failed block is left out.
  const selection = useSelection(canBrowse === true);
  const recent = useQuery({
    queryKey: recentArticlesQueryKey,
    // The block's code is fetched with its data, so that it draws as soon as the data is there.
    queryFn: () =>
      Promise.all([
        import('../../../features/shop/account/api/get-recent-articles'),
        loadRecentlyOrdered(),
      ]).then(([module]) => module.fetchRecentArticles()),
    enabled: customer,
    staleTime: 60_000,
  });
  useQuery({ ...rootCategoriesQueryOptions(), enabled: canBrowse === true });
  const waiting = selection.isPending || (customer && recent.isPending);
  return (
    <>
      <PageHeader title={APP_LABELS.shop.homeTitle} subtitle={APP_LABELS.shop.homeSubtitle} />
      {canBrowse === false ? (
        // A shop closed to visitors without an account: the home only invites them to log in.
        <PlainAlert icon={<InfoIcon />} role="status">
          {STOREFRONT_ACCESS_MESSAGES.loginRequired}
          <div className={classes.login}>
            <PlainLinkButton to={paths.login.getHref('/')}>{APP_LABELS.login}</PlainLinkButton>
          </div>
        </PlainAlert>
      ) : canBrowse && waiting ? (
        <PageLoader />
      ) : canBrowse ? (
        <>
          {customer && recent.data ? (
            <Suspense fallback={null}>
              <RecentlyOrdered data={recent.data} />
            </Suspense>
          ) : null}
          <SelectionShowcase data={selection.data} />
          <CategorySelector />
          <RootCategories />
        </>
      ) : null}
    </>
  );
}
