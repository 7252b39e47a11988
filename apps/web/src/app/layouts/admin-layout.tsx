// The back-office frame: header 'Comptoir — Administration', the navigation of every screen
// (admin-screens.ts), and the page in <main>, routed here (the app's router sends every address under
// /openweb/admin/ to this layout). Only for administrators (RequireAdmin).
// The whole of Mantine's styles, in a cascade layer so that they never win over the storefront's
// per-component files or the app's own styles (app/styles/shop-styles.ts).
import '@mantine/core/styles.layer.css';
import { Suspense } from 'react';
import { Link, NavLink as RouterNavLink, Route, Routes, useLocation, useNavigate } from '../../lib/router';
import { AppShell, Burger, Button, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useLogout, useMe } from '../../lib/auth';
import { paths } from '../../config/paths';
import { PageLoader } from '../../components/ui/page-loader';
import { adminScreens, navigationScreens } from '../admin-screens';
import { lazyPage } from '../lazy-page';
import { RequireAdmin } from '../require-admin';
import { APP_LABELS } from '../labels';
import { InteractiveMark } from '../../lib/hydrated';
import { MAIN_ID, SkipLink } from './skip-link';
import classes from './admin-layout.module.css';

export function Component() {
  return (
    <RequireAdmin>
      <AdminShell />
    </RequireAdmin>
  );
}

function AdminShell() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { data: user } = useMe();
  const logout = useLogout();

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? APP_LABELS.admin.closeNavigation : APP_LABELS.admin.openNavigation}
            />
            <Text
              component={Link}
              to={paths.admin.home.getHref()}
              fw={700}
              fz={{ base: 'md', sm: 'lg' }}
              c="var(--mantine-primary-color-filled)"
              td="none"
            >
              {APP_LABELS.admin.title}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Button component={Link} to={paths.shop.home.getHref()} variant="subtle" visibleFrom="xs">
              {APP_LABELS.admin.viewShop}
            </Button>
            {user ? (
              <Text size="sm" c="dimmed" visibleFrom="md">
                {user.login}
              </Text>
            ) : null}
            <Button
              variant="default"
              loading={logout.isPending}
              onClick={() => logout.mutate(undefined, { onSettled: () => navigate(paths.login.getHref()) })}
            >
              {APP_LABELS.logout}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={APP_LABELS.admin.navigation}>
        {navigationScreens().map((screen) => (
          <NavLink
            key={screen.path}
            component={RouterNavLink}
            to={screen.href}
            label={screen.label}
            active={pathname === screen.path}
            onClick={close}
          />
        ))}
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <Suspense fallback={<PageLoader />}>
          <AdminRoutes />
          <InteractiveMark />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}

// Drawn under /openweb/admin/*: each screen's path without that prefix, then 'Page introuvable'.
const screenRoutes = adminScreens.map((screen) => ({
  path: screen.path.slice(paths.admin.root.length + 1),
  Screen: lazyPage(screen.load),
}));
const NotFound = lazyPage(() => import('../routes/not-found'));

function AdminRoutes() {
  return (
    <Routes>
      {screenRoutes.map(({ path, Screen }) => (
        <Route key={path} path={path} element={<Screen />} />
      ))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
