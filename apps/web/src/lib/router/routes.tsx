// Routes as elements: <Routes> draws the first of its <Route>s that matches the address (so a '*'
// route goes last). A route with children is a layout: its element draws the matched child through
// <Outlet />. A <Routes> drawn inside a route ending in '*' matches what follows that route's path, and
// its relative paths are joined to it (the back office's screens, admin-layout.tsx).
import {
  Children,
  createContext,
  isValidElement,
  useContext,
  useEffect,
  type ReactElement,
  type ReactNode,
} from 'react';
import { matchPath, type Params } from './match-path';
import { useLocation, useNavigate } from './router';

export interface RouteProps {
  /** Absolute, or relative to the enclosing route; none for a layout that only wraps its children. */
  path?: string;
  /** Matches the enclosing route's own address (the home under the shop layout). */
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** Read by <Routes>, never drawn itself. */
export function Route(props: RouteProps): ReactNode {
  void props;
  return null;
}

interface RouteState {
  params: Params;
  /** Where the nested routes' paths start. */
  base: string;
  outlet: ReactNode;
}

const RouteContext = createContext<RouteState>({ params: {}, base: '/', outlet: null });

interface Matched {
  route: RouteProps;
  /** Its own params and those of the routes around it. */
  params: Params;
  base: string;
}

const join = (base: string, path: string) =>
  path.startsWith('/') ? path : `${base.replace(/\/+$/, '')}/${path}`;

function matchRoutes(children: ReactNode, pathname: string, outer: Omit<Matched, 'route'>): Matched[] | null {
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child)) continue;
    const route = (child as ReactElement<RouteProps>).props;
    const path = route.path === undefined ? undefined : join(outer.base, route.path);
    const own = route.children
      ? path === undefined
        ? { params: {}, pathnameBase: outer.base }
        : matchPath({ path, end: false }, pathname)
      : matchPath(route.index ? outer.base : (path ?? outer.base), pathname);
    if (!own) continue;
    const match = { route, params: { ...outer.params, ...own.params }, base: own.pathnameBase };
    if (!route.children) return [match];
    const inner = matchRoutes(route.children, pathname, match);
    if (inner) return [match, ...inner];
  }
  return null;
}

/** The element of the first matching route (with its layouts), or nothing. */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const parent = useContext(RouteContext);
  const matched = matchRoutes(children, pathname, parent) ?? [];
  // Built from the innermost route out: each layout's outlet is the element inside it.
  return matched.reduceRight<ReactNode>(
    (outlet, { route, params, base }) => (
      <RouteContext.Provider value={{ params, base, outlet }}>
        {route.element ?? outlet}
      </RouteContext.Provider>
    ),
    null,
  );
}

/** Where a layout route draws its matched child. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

/** The ':name' segments (and '*') of the matched routes. */
export function useParams(): Readonly<Partial<Params>> {
  return useContext(RouteContext).params;
}

/** Goes to `to` once drawn: a guard sending a visitor to the login page. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}
