// The storefront frame: header (name, search, cart, account; the category menu below), the page in <main>,
// footer; the tariff agency beside the menu. The search-as-you-type box (docs/contract.md, Search) takes the header's middle area.
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Anchor, Badge, Box, Button, Container, Group, Menu, Text } from '@mantine/core';
import { isAdmin, useLogout, useMe } from '../../lib/auth';
import { cartLinkLabel, useCartSummary } from '../../lib/cart';
import { useCanBrowse } from '../../lib/shop-access';
import { paths } from '../../config/paths';
import { CartIcon, UserIcon } from '../../components/ui/icons';
import { PageLoader } from '../../components/ui/page-loader';
import { AgencySwitch } from '../../features/shop/agency/components/agency-switch';
import { CategoryMenu } from '../../features/shop/menu/components/category-menu';
import { SearchBox } from '../../features/shop/search/components/search-box';
import { APP_LABELS } from '../labels';
import { MAIN_ID, SkipLink } from './skip-link';
import classes from './shop-layout.module.css';

export function Component() {
  // A shop closed to visitors without an account shows neither its menu nor its search to them.
  const canBrowse = useCanBrowse() === true;
  return (
    <div className={classes.page}>
      <SkipLink />
      <header className={classes.header}>
        <Container size="xl">
          <Group h={64} justify="space-between" wrap="nowrap" gap="md">
            <Anchor
              component={Link}
              to={paths.shop.home.getHref()}
              className={classes.brand}
              underline="never"
            >
              <img src="/favicon.svg" alt="" width={32} height={32} />
              <span>{APP_LABELS.brand}</span>
            </Anchor>
            <Box className={classes.search}>{canBrowse ? <SearchBox /> : null}</Box>
            <Group gap="xs" wrap="nowrap">
              <CartLink />
              <AccountMenu />
            </Group>
          </Group>
        </Container>
        {canBrowse ? (
          <div className={classes.menu}>
            <Container size="xl">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <CategoryMenu />
                <AgencySwitch enabled={canBrowse} />
              </Group>
            </Container>
          </div>
        ) : null}
      </header>

      <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <Container size="xl" py="xl">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </main>

      <footer className={classes.footer}>
        <Container size="xl" py="lg">
          <Text size="sm">{APP_LABELS.shop.footer}</Text>
        </Container>
      </footer>
    </div>
  );
}

// On a phone the header buttons show their icon only; the aria-label keeps the same name everywhere.
const ResponsiveLabel = ({ children }: { children: string }) => (
  <Box component="span" visibleFrom="sm">
    {children}
  </Box>
);

function CartLink() {
  const { count } = useCartSummary();
  return (
    <Button
      component={Link}
      to={paths.shop.cart.getHref()}
      variant="subtle"
      leftSection={<CartIcon />}
      rightSection={
        count > 0 ? (
          <Badge size="sm" circle aria-hidden>
            {count}
          </Badge>
        ) : null
      }
      aria-label={cartLinkLabel(count)}
      className={classes.headerButton}
    >
      <ResponsiveLabel>{APP_LABELS.shop.cart}</ResponsiveLabel>
    </Button>
  );
}

function AccountMenu() {
  const { pathname, search } = useLocation();
  const { data: user } = useMe();
  const logout = useLogout();

  if (!user) {
    // Back to this page after logging in, except from the login page itself.
    const back = pathname === paths.login.path ? null : `${pathname}${search}`;
    return (
      <Button
        component={Link}
        to={paths.login.getHref(back)}
        variant="default"
        leftSection={<UserIcon />}
        aria-label={APP_LABELS.login}
        className={classes.headerButton}
      >
        <ResponsiveLabel>{APP_LABELS.login}</ResponsiveLabel>
      </Button>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<UserIcon />}
          aria-label={user.login}
          className={classes.headerButton}
        >
          <ResponsiveLabel>{user.login}</ResponsiveLabel>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {isAdmin(user) ? (
          <Menu.Item component={Link} to={paths.admin.home.getHref()}>
            {APP_LABELS.shop.admin}
          </Menu.Item>
        ) : (
          <Menu.Item component={Link} to={paths.shop.account.getHref()}>
            {APP_LABELS.shop.account}
          </Menu.Item>
        )}
        <Menu.Item onClick={() => logout.mutate()}>{APP_LABELS.logout}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
