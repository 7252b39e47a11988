// The frame of the customer's own pages (cart, checkout, account): a visitor is sent to the login page
// (and back here after), an administrator — who has no customer code — is told these pages are for
// customer accounts.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Alert } from '@mantine/core';
import { CART_MESSAGES } from '@comptoir/shared/cart';
import { errorMessage } from '../lib/api';
import { useMe } from '../lib/auth';
import { paths } from '../config/paths';
import { AlertIcon, InfoIcon } from '../components/ui/icons';
import { PageHeader } from '../components/ui/page-header';
import { PageLoader } from '../components/ui/page-loader';

export function CustomerGuard({ title, children }: { title: string; children: ReactNode }) {
  const location = useLocation();
  const { data: user, isPending, isError, error } = useMe();
  if (isPending) return <PageLoader />;
  if (isError) {
    return (
      <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
        {errorMessage(error)}
      </Alert>
    );
  }
  if (!user) return <Navigate to={paths.login.getHref(`${location.pathname}${location.search}`)} replace />;
  if (!user.codeClient) {
    return (
      <>
        <PageHeader title={title} />
        <Alert color="ardoise" variant="light" icon={<InfoIcon />} role="status">
          {CART_MESSAGES.customerOnly}
        </Alert>
      </>
    );
  }
  return children;
}
