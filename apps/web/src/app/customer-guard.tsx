// The frame of the customer's own pages (cart, checkout, account): a visitor is sent to the login page
// (and back here after), an administrator — who has no customer code — is told these pages are for
// customer accounts. The cart and the checkout (`visitors`) are a visitor's too when visitors may order;
// otherwise they ask the visitor to log in, with a link.
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from '../lib/router';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { CART_MESSAGES } from '@comptoir/shared/cart';
import { STOREFRONT_ACCESS_MESSAGES } from '@comptoir/shared/connection-settings-texts';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../lib/api';
import { useMe } from '../lib/auth';
import { shopAccessQueryOptions } from '../lib/shop-access';
import { APP_LABELS } from './labels';
import { paths } from '../config/paths';
import { AlertIcon, InfoIcon } from '../components/ui/icons';
import { PageHeader } from '../components/ui/page-header';
import { PageLoader } from '../components/ui/page-loader';

export function CustomerGuard({
  title,
  visitors = false,
  children,
}: {
  title: string;
  visitors?: boolean;
  children: ReactNode;
}) {
  const location = useLocation();
  const { data: user, isPending, isError, error } = useMe();
  const access = useQuery({ ...shopAccessQueryOptions(), enabled: visitors });
  if (isPending || (visitors && !user && access.isPending)) return <PageLoader />;
  if (isError) {
    return (
      <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
        {errorMessage(error)}
      </Alert>
    );
  }
  if (!user && visitors) {
    if (access.data?.commandeAnonyme === '1') return children;
    return (
      <>
        <PageHeader title={title} />
        <Alert color="ardoise" variant="light" icon={<InfoIcon />} role="status">
          <Stack gap="xs">
            <Text size="sm">{STOREFRONT_ACCESS_MESSAGES.orderLoginRequired}</Text>
            <Anchor component={Link} to={paths.login.getHref(`${location.pathname}${location.search}`)}>
              {APP_LABELS.login}
            </Anchor>
          </Stack>
        </Alert>
      </>
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
