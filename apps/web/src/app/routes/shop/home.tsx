import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from '@mantine/core';
import { STOREFRONT_ACCESS_MESSAGES } from '@comptoir/shared/connection-settings';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { rootCategoriesQueryOptions } from '../../../features/shop/catalogue/api/get-root-categories';
import { useSelection } from '../../../features/shop/catalogue/api/get-selection';
import { InfoIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { CategorySelector } from '../../../features/shop/catalogue/components/category-selector';
import { RootCategories } from '../../../features/shop/catalogue/components/root-categories';
import { useCanBrowse } from '../../../lib/shop-access';
import { SelectionShowcase } from '../../../features/shop/catalogue/components/selection-showcase';
import { APP_LABELS } from '../../labels';

export function Component() {
  const canBrowse = useCanBrowse();
  // The promotion block sits above the categories: they wait for it (both asked at once), so that its late
  // arrival never pushes the page down under the shopper's finger.
  const selection = useSelection(canBrowse === true);
  useQuery({ ...rootCategoriesQueryOptions(), enabled: canBrowse === true });
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
      ) : canBrowse && selection.isPending ? (
        <PageLoader />
      ) : canBrowse ? (
        <>
          <SelectionShowcase data={selection.data} />
          <CategorySelector />
          <RootCategories />
        </>
      ) : null}
    </>
  );
}
