// The storefront frame (docs/contract/conventions.md, Storefront layout): header, the page in <main>, footer. From 1408 px
// wide the header is one row (name, search, tariff agency, cart, account) over the activities on one line;
// narrower, a menu button opens the activities (and the tariff agency) in a drawer, and on a phone the search
// field takes a full-width row of its own.
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from '../../lib/router';
import { useDisclosure } from '@mantine/hooks';
import { useMe } from '../../lib/auth';
import { cartLinkLabel, useCartSummary } from '../../lib/cart';
import { useCanBrowse } from '../../lib/shop-access';
import { paths } from '../../config/paths';
import { CartIcon, MenuIcon, UserIcon } from '../../components/ui/icons';
import { PageLoader } from '../../components/ui/page-loader';
import { PlainButton, PlainLinkButton } from '../../components/ui/plain';
import { AgencySwitch } from '../../features/shop/agency/components/agency-switch';
import { CategoryMenu } from '../../features/shop/menu/components/category-menu';
import { MENU_LABELS } from '../../features/shop/menu/labels';
import { SearchBox } from '../../features/shop/search/components/search-box';
import { APP_LABELS } from '../labels';
import { SITE_PAGE_TITLES } from '@comptoir/shared/site-pages-texts';
import { AccountTrigger, ResponsiveLabel } from './header-button';
import { InteractiveMark } from '../../lib/hydrated';
import { MAIN_ID, SkipLink } from './skip-link';
import { menuActivitiesQueryOptions } from '../../features/shop/menu/api/get-menu';
import { currentAgencyQueryOptions } from '../../features/shop/agency/api/agency';
import type { PrefetchPage } from '../page-data';
import classes from './shop-layout.module.css';

// The drawer and the account menu are loaded when first needed: their dialog and floating-menu code stays
// out of the storefront's first load (docs/performance/first-load.md).
const MenuDrawer = lazy(() =>
  import('../../features/shop/menu/components/menu-drawer').then((module) => ({
    default: module.MenuDrawer,
  })),
);
const AccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.AccountMenu })));
const MENU_DRAWER_ID = 'menu-categories';
const FOOTER_NAV_LABEL = 'Informations légales';
const FOOTER_LINKS = [
  { page: 'cgv', href: paths.shop.cgv.getHref() },
  { page: 'mentions-legales', href: paths.shop.legalNotice.getHref() },
  { page: 'contact', href: paths.shop.contact.getHref() },
] as const;

/** What the frame asks for a visitor: the activities of the menu and the tariff agency. */
export const prefetch: PrefetchPage = ({ client }) =>
  Promise.all([
    client.prefetchQuery(menuActivitiesQueryOptions()),
    client.prefetchQuery(currentAgencyQueryOptions()),
  ]);

export function Component() {
  // A shop closed to visitors without an account shows neither its menu nor its search to them.
  const access = useCanBrowse();
  const canBrowse = access === true;
  // The menu button and the search field are drawn while the access is still being asked (they call nothing
  // until used), so that they do not push the page down when the answer comes.
  const mayBrowse = access !== false;
  const [menuOpened, menu] = useDisclosure(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The drawer mounts already open on its first use, so it cannot know where the focus was: give it back here.
  const closeMenu = () => {
    menu.close();
    menuButton.current?.focus();
  };
  return (
    <div className={classes.page}>
      <SkipLink />
      <header className={classes.header}>
        <div className={`${classes.fluid} ${classes.top}`}>
          {mayBrowse ? (
            <PlainButton
              ref={menuButton}
              variant="subtle"
              leftSection={<MenuIcon />}
              aria-label={MENU_LABELS.button}
              aria-haspopup="dialog"
              aria-expanded={menuOpened}
              aria-controls={menuOpened ? MENU_DRAWER_ID : undefined}
              onClick={() => {
                setMenuWanted(true);
                menu.open();
              }}
              className={`${classes.headerButton} ${classes.menuButton}`}
            >
              <ResponsiveLabel>{MENU_LABELS.nav}</ResponsiveLabel>
            </PlainButton>
          ) : null}
          <Link to={paths.shop.home.getHref()} className={`${classes.brand} mantine-focus-auto`}>
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <span>{APP_LABELS.brand}</span>
          </Link>
          <div className={classes.search}>{mayBrowse ? <SearchBox /> : null}</div>
          <div className={classes.agency}>
            <AgencySwitch enabled={canBrowse} />
          </div>
          <div className={classes.actions}>
            <CartLink />
            <AccountButton />
          </div>
        </div>
        {canBrowse ? (
          <div className={classes.menu}>
            <div className={classes.fluid}>
              <CategoryMenu />
            </div>
          </div>
        ) : null}
      </header>
      {canBrowse && menuWanted ? (
        <Suspense fallback={null}>
          <MenuDrawer id={MENU_DRAWER_ID} opened={menuOpened} onClose={closeMenu}>
            <AgencySwitch enabled />
          </MenuDrawer>
        </Suspense>
      ) : null}

      <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <div className={`${classes.container} ${classes.mainContainer}`}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
            <InteractiveMark />
          </Suspense>
        </div>
      </main>

      <footer className={classes.footer}>
        <div className={`${classes.container} ${classes.footerContainer}`}>
          <p className={classes.footerText}>{APP_LABELS.shop.footer}</p>
          <nav aria-label={FOOTER_NAV_LABEL}>
            <ul className={classes.footerLinks}>
              {FOOTER_LINKS.map(({ page, href }) => (
                <li key={page}>
                  <Link to={href} className={`${classes.footerLink} mantine-focus-auto`}>
                    {SITE_PAGE_TITLES[page]}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}

function CartLink() {
  const { count } = useCartSummary();
  return (
    <PlainLinkButton
      to={paths.shop.cart.getHref()}
      variant="subtle"
      leftSection={<CartIcon />}
      rightSection={
        count > 0 ? (
          <span className={classes.badge} aria-hidden="true">
            {count}
          </span>
        ) : null
      }
      aria-label={cartLinkLabel(count)}
      className={classes.headerButton}
    >
      <ResponsiveLabel>{APP_LABELS.shop.cart}</ResponsiveLabel>
    </PlainLinkButton>
  );
}

function AccountButton() {
  const { pathname, search } = useLocation();
  const { data: user } = useMe();

  if (!user) {
    // Back to this page after logging in, except from the login page itself.
    const back = pathname === paths.login.path ? null : `${pathname}${search}`;
    return (
      <PlainLinkButton
        to={paths.login.getHref(back)}
        variant="default"
        leftSection={<UserIcon />}
        aria-label={APP_LABELS.login}
        className={classes.headerButton}
      >
        <ResponsiveLabel>{APP_LABELS.login}</ResponsiveLabel>
      </PlainLinkButton>
    );
  }
  return (
    <Suspense fallback={<AccountTrigger login={user.login} />}>
      <AccountMenu user={user} />
    </Suspense>
  );
}
