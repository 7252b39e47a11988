// The routes of the web app, on the app's own router (lib/router: react-router was 12 KB of the first
// load, docs/performance/first-load.md). Every page and layout is a lazily loaded route module
// exporting `Component` (lazy-page.tsx), so the first load only downloads the page it shows; the back
// office's screens are routed by its own layout (admin-layout.tsx), so their list stays out of it too.
import { Suspense, useState } from 'react';
import { BrowserRouter, matchPath, Route, Routes, useLocation, type Params } from '../lib/router';
import { paths } from '../config/paths';
import { PageLoader } from '../components/ui/page-loader';
import { lazyPage, preloadPage, type PageLoad } from './lazy-page';
import { RouteErrorBoundary } from './routes/route-error';

const shopLayout: PageLoad = () => import('./layouts/shop-layout');
const adminLayout: PageLoad = () => import('./layouts/admin-layout');
const notFound: PageLoad = () => import('./routes/not-found');
const sitePage: PageLoad = () => import('./routes/shop/site-page');

/** The storefront's pages, drawn in the shop layout; '/' is the home. */
const shopPages: { path: string; load: PageLoad }[] = [
  { path: paths.shop.home.path, load: () => import('./routes/shop/home') },
  { path: paths.login.path, load: () => import('./routes/login') },
  { path: paths.signup.path, load: () => import('./routes/signup') },
  { path: paths.shop.cart.path, load: () => import('./routes/shop/cart') },
  { path: paths.shop.checkout.path, load: () => import('./routes/shop/checkout') },
  { path: paths.forgotPassword.path, load: () => import('./routes/forgot-password') },
  { path: paths.resetPassword.path, load: () => import('./routes/reset-password') },
  { path: paths.invitation.path, load: () => import('./routes/invitation') },
  { path: paths.shop.account.path, load: () => import('./routes/shop/account') },
  { path: paths.shop.addresses.path, load: () => import('./routes/shop/addresses') },
  { path: paths.shop.quickOrder.path, load: () => import('./routes/shop/quick-order') },
  { path: paths.shop.password.path, load: () => import('./routes/shop/password') },
  { path: paths.shop.orderDetail.path, load: () => import('./routes/shop/order-detail') },
  { path: paths.shop.category.path, load: () => import('./routes/shop/category') },
  { path: paths.shop.product.path, load: () => import('./routes/shop/product') },
  { path: paths.shop.search.path, load: () => import('./routes/shop/search') },
  { path: paths.shop.cgv.path, load: sitePage },
  { path: paths.shop.legalNotice.path, load: sitePage },
  { path: paths.shop.contact.path, load: sitePage },
  { path: '*', load: notFound },
];

const adminPath = `${paths.admin.root}/*`;
const ShopLayout = lazyPage(shopLayout);
const AdminLayout = lazyPage(adminLayout);
const shopRoutes = shopPages.map(({ path, load }) => ({ path, Page: lazyPage(load) }));

/**
 * The layout and the page the app draws first at `pathname`, to start loading together, not in turn
 * (main.tsx starts each in a task of its own before drawing).
 */
export function firstPageLoads(pathname: string): PageLoad[] {
  return firstPageMatches(pathname).map(({ load }) => load);
}

/** firstPageLoads with each route's parameters (for its `prefetch`, page-data.ts). */
export function firstPageMatches(pathname: string): { load: PageLoad; params: Params }[] {
  if (matchPath(adminPath, pathname)) return [{ load: adminLayout, params: {} }];
  for (const { path, load } of shopPages) {
    const match = path === '*' ? null : matchPath(path, pathname);
    if (match)
      return [
        { load: shopLayout, params: {} },
        { load, params: match.params },
      ];
  }
  return [
    { load: shopLayout, params: {} },
    { load: notFound, params: {} },
  ];
}

export function AppRoutes() {
  const { pathname } = useLocation();
  // Already started by main.tsx in the browser (loads are asked once); on the server and in tests, here.
  useState(() => firstPageLoads(pathname).forEach(preloadPage));
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route path={adminPath} element={<AdminLayout />} />
          <Route element={<ShopLayout />}>
            {shopRoutes.map(({ path, Page }) =>
              path === paths.shop.home.path ? (
                <Route key={path} index element={<Page />} />
              ) : (
                <Route key={path} path={path} element={<Page />} />
              ),
            )}
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function AppRouter() {
  return (
    // Navigations are not transitions (lib/router): a page not loaded yet shows the loader meanwhile.
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
