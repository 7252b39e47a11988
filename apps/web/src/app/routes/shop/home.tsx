import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Alert, Button } from '@mantine/core';
import { STOREFRONT_ACCESS_MESSAGES } from '@comptoir/shared/connection-settings';
import { PageHeader } from '../../../components/ui/page-header';
import { InfoIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { CategorySelector } from '../../../features/shop/catalogue/components/category-selector';
import { RootCategories } from '../../../features/shop/catalogue/components/root-categories';
import { useMe } from '../../../lib/auth';
import { useCanBrowse } from '../../../lib/shop-access';
import { SelectionShowcase } from '../../../features/shop/catalogue/components/selection-showcase';
import { APP_LABELS } from '../../labels';

// A customer's own block, in a chunk of its own: the visitor's first load (.size-limit.js) carries
// none of it, and a visitor never calls its route.
const RecentlyOrdered = lazy(() =>
  import('../../../features/shop/account/components/recently-ordered').then((module) => ({
    default: module.RecentlyOrdered,
  })),
);

export function Component() {
  const canBrowse = useCanBrowse();
  const { data: user } = useMe();
  return (
    <>
      <PageHeader title={APP_LABELS.shop.homeTitle} subtitle={APP_LABELS.shop.homeSubtitle} />
      {canBrowse === false ? (
        // A shop closed to visitors without an account: the home only invites them to log in.
        <Alert variant="light" color="ardoise" icon={<InfoIcon />} role="status">
          {STOREFRONT_ACCESS_MESSAGES.loginRequired}
          <Button component={Link} to={paths.login.getHref('/')} mt="sm" display="block" w="fit-content">
            {APP_LABELS.login}
          </Button>
        </Alert>
      ) : canBrowse ? (
        <>
          {user?.codeClient ? (
            <Suspense fallback={null}>
              <RecentlyOrdered />
            </Suspense>
          ) : null}
          <SelectionShowcase />
          <CategorySelector />
          <RootCategories />
        </>
      ) : null}
    </>
  );
}
