// The storefront frame (docs/contract.md, Storefront layout): header, the page in <main>, footer. From 1408 px
// wide the header is one row (name, search, tariff agency, cart, account) over the activities on one line;
// narrower, a menu button opens the activities (and the tariff agency) in a drawer, and on a phone the search
// field takes a full-width row of its own.
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Anchor, Badge, Box, Button, Container, Group, Menu, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { isAdmin, useLogout, useMe } from '../../lib/auth';
import { cartLinkLabel, useCartSummary } from '../../lib/cart';
import { useCanBrowse } from '../../lib/shop-access';
import { paths } from '../../config/paths';
import { CartIcon, MenuIcon, UserIcon } from '../../components/ui/icons';
import { PageLoader } from '../../components/ui/page-loader';
import { AgencySwitch } from '../../features/shop/agency/components/agency-switch';
import { CategoryMenu } from '../../features/shop/menu/components/category-menu';
import { MENU_DRAWER_ID, MenuDrawer } from '../../features/shop/menu/components/menu-drawer';
import { MENU_LABELS } from '../../features/shop/menu/labels';
import { SearchBox } from '../../features/shop/search/components/search-box';
import { APP_LABELS } from '../labels';
import { MAIN_ID, SkipLink } from './skip-link';
import classes from './shop-layout.module.css';

export function Component() {
  // A shop closed to visitors without an account shows neither its menu nor its search to them.
  const canBrowse = useCanBrowse() === true;
  const [menuOpened, menu] = useDisclosure(false);
  return (
    <div className={classes.page}>
      <SkipLink />
      <header className={classes.header}>
        <Container fluid className={classes.top}>
          {canBrowse ? (
            <Button
              variant="subtle"
              leftSection={<MenuIcon />}
              aria-label={MENU_LABELS.button}
              aria-haspopup="dialog"
              aria-expanded={menuOpened}
              aria-controls={menuOpened ? MENU_DRAWER_ID : undefined}
              onClick={menu.open}
              className={`${classes.headerButton} ${classes.menuButton}`}
            >
              <ResponsiveLabel>{MENU_LABELS.nav}</ResponsiveLabel>
            </Button>
          ) : null}
          <Anchor component={Link} to={paths.shop.home.getHref()} className={classes.brand} underline="never">
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <span>{APP_LABELS.brand}</span>
          </Anchor>
          <Box className={classes.search}>{canBrowse ? <SearchBox /> : null}</Box>
          <Box className={classes.agency}>
            <AgencySwitch enabled={canBrowse} />
          </Box>
          <Group gap="xs" wrap="nowrap" className={classes.actions}>
            <CartLink />
            <AccountMenu />
          </Group>
        </Container>
        {canBrowse ? (
          <div className={classes.menu}>
            <Container fluid>
              <CategoryMenu />
            </Container>
          </div>
        ) : null}
      </header>
      {canBrowse ? (
        <MenuDrawer opened={menuOpened} onClose={menu.close}>
          <AgencySwitch enabled />
        </MenuDrawer>
      ) : null}

      <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
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
