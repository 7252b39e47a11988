// The app's own router over the History API: the part of react-router's API the app used
// (docs/performance/first-load.md).
export { matchPath, type Params, type PathMatch } from './match-path';
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  useLocation,
  useNavigate,
  useSearchParams,
  type Location,
  type LinkProps,
  type NavigateFunction,
  type NavigateOptions,
  type NavLinkProps,
  type SetSearchParams,
} from './router';
export { Navigate, Outlet, Route, Routes, useParams, type RouteProps } from './routes';
