// The routes of the web app. Every page and layout is a lazily loaded route module exporting
// `Component`, so the first load only downloads the page it shows.
import { useState } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { paths } from '../config/paths';
import { PageLoader } from '../components/ui/page-loader';
import { adminScreens } from './admin-screens';
import { RouteError } from './routes/route-error';

const notFound = () => import('./routes/not-found');

export const routes: RouteObject[] = [
  {
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      {
        lazy: () => import('./layouts/shop-layout'),
        children: [
          { index: true, lazy: () => import('./routes/shop/home') },
          { path: paths.login.path, lazy: () => import('./routes/login') },
          { path: paths.signup.path, lazy: () => import('./routes/signup') },
          { path: paths.shop.cart.path, lazy: () => import('./routes/shop/cart') },
          { path: paths.shop.checkout.path, lazy: () => import('./routes/shop/checkout') },
          { path: paths.forgotPassword.path, lazy: () => import('./routes/forgot-password') },
          { path: paths.resetPassword.path, lazy: () => import('./routes/reset-password') },
          { path: paths.shop.account.path, lazy: () => import('./routes/shop/account') },
          { path: paths.shop.addresses.path, lazy: () => import('./routes/shop/addresses') },
          { path: paths.shop.quickOrder.path, lazy: () => import('./routes/shop/quick-order') },
          { path: paths.shop.password.path, lazy: () => import('./routes/shop/password') },
          { path: paths.shop.orderDetail.path, lazy: () => import('./routes/shop/order-detail') },
          { path: paths.shop.category.path, lazy: () => import('./routes/shop/category') },
          { path: paths.shop.product.path, lazy: () => import('./routes/shop/product') },
          { path: paths.shop.search.path, lazy: () => import('./routes/shop/search') },
          { path: '*', lazy: notFound },
        ],
      },
      {
        lazy: () => import('./layouts/admin-layout'),
        children: [
          ...adminScreens.map((screen): RouteObject => ({ path: screen.path, lazy: screen.load })),
          { path: `${paths.admin.root}/*`, lazy: notFound },
        ],
      },
    ],
  },
];

export function AppRouter() {
  // Created once per mount (not at import) so that tests can render the app with a fresh history.
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
