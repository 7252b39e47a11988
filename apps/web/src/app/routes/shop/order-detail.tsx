import { Navigate, useLocation, useParams, useSearchParams } from '../../../lib/router';
import { Alert } from '@mantine/core';
import { errorMessage } from '../../../lib/api';
import { isAdmin, useMe } from '../../../lib/auth';
import { paths } from '../../../config/paths';
import { PageLoader } from '../../../components/ui/page-loader';
import { OrderDetailPage } from '../../../features/shop/order-detail/components/order-detail';
import { ReorderButton } from '../../../features/shop/account/components/reorder-button';

// A customer's page: a visitor is sent to the login page, and back here once logged in.
export function Component() {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const { data: user, isPending, isError, error } = useMe();

  if (isPending) return <PageLoader />;
  if (isError) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(error)}
      </Alert>
    );
  }
  if (!user) return <Navigate to={paths.login.getHref(`${location.pathname}${location.search}`)} replace />;
  return (
    <OrderDetailPage
      id={id}
      codeClient={searchParams.get('codeClient')}
      // An administrator looks at a customer's order; only the customer orders it again.
      actions={isAdmin(user) ? undefined : (orderId) => <ReorderButton orderId={orderId} />}
    />
  );
}
