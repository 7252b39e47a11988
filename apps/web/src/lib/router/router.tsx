// The app's router over the History API (docs/performance/first-load.md: react-router was
// 12 KB of the first load for what is here). The current address lives in React state; a navigation
// writes the history entry, then the state. Never in a transition: a list's filters are written to the
// URL one after the other, each from the last render (family-page.tsx).
import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

export interface NavigateOptions {
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
  /** Renders the new address before returning (a change built on this one then sees it). */
  flushSync?: boolean;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

/** Where the addresses live: the browser's history, or a list in memory for the tests. */
interface History {
  current(): Location;
  write(location: Location, replace: boolean): void;
  /** Back and forward buttons; returns the unsubscribe. */
  listen(onPop: () => void): () => void;
}

const hrefOf = ({ pathname, search, hash }: Location) => `${pathname}${search}${hash}`;

/** `to` (absolute, or relative to `from` as a link's href would be) as a location of this site. */
function resolve(to: string, from: Location): Location {
  const url = new URL(to, `http://site${hrefOf(from)}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

const browserHistory: History = {
  current: () => {
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash };
  },
  write: (location, replace) => {
    if (replace) window.history.replaceState(null, '', hrefOf(location));
    else window.history.pushState(null, '', hrefOf(location));
  },
  listen: (onPop) => {
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  },
};

function memoryHistory(entries: string[]): History {
  const stack = entries.map((entry) => resolve(entry, { pathname: '/', search: '', hash: '' }));
  let index = stack.length - 1;
  return {
    current: () => stack[index]!,
    write: (location, replace) => {
      if (!replace) stack.splice(++index);
      stack[index] = location;
    },
    listen: () => () => undefined,
  };
}

interface Navigator {
  history: History;
  navigate: NavigateFunction;
}

const NavigatorContext = createContext<Navigator | null>(null);
const LocationContext = createContext<Location | null>(null);

interface State {
  location: Location;
  /** A back or forward move: the browser restores its scroll position itself. */
  popped: boolean;
}

function Router({
  history,
  resetScroll,
  children,
}: {
  history: History;
  resetScroll: boolean;
  children: ReactNode;
}) {
  const [state, setState] = useState<State>(() => ({ location: history.current(), popped: true }));
  // An update in the popstate event is rendered before the browser restores the scroll position.
  useLayoutEffect(
    () => history.listen(() => setState({ location: history.current(), popped: true })),
    [history],
  );

  const navigate = useCallback<NavigateFunction>(
    (to, options = {}) => {
      const location = resolve(to, history.current());
      history.write(location, options.replace ?? false);
      const update = () => setState({ location, popped: false });
      if (options.flushSync) flushSync(update);
      else update();
    },
    [history],
  );
  const navigator = useMemo(() => ({ history, navigate }), [history, navigate]);

  // A new page opens at its top; the same page with other search params stays where it is.
  const shownPath = useRef(state.location.pathname);
  useLayoutEffect(() => {
    const { location, popped } = state;
    if (resetScroll && !popped && location.pathname !== shownPath.current && !location.hash)
      window.scrollTo(0, 0);
    shownPath.current = location.pathname;
  }, [state, resetScroll]);

  return (
    <NavigatorContext.Provider value={navigator}>
      <LocationContext.Provider value={state.location}>{children}</LocationContext.Provider>
    </NavigatorContext.Provider>
  );
}

/** The app's router: the address bar's history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  return (
    <Router history={browserHistory} resetScroll>
      {children}
    </Router>
  );
}

/** The tests' router: addresses in memory, starting at the last of `initialEntries`. */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const [history] = useState(() => memoryHistory(initialEntries));
  return (
    <Router history={history} resetScroll={false}>
      {children}
    </Router>
  );
}

function useNavigator(): Navigator {
  const navigator = useContext(NavigatorContext);
  if (!navigator)
    throw new Error('Router missing: the app is drawn in BrowserRouter, the tests in MemoryRouter');
  return navigator;
}

export function useLocation(): Location {
  useNavigator();
  return useContext(LocationContext)!;
}

export function useNavigate(): NavigateFunction {
  return useNavigator().navigate;
}

export type SetSearchParams = (
  next: URLSearchParams | ((current: URLSearchParams) => URLSearchParams),
  options?: NavigateOptions,
) => void;

/**
 * The address's search params, and their setter (same page, hash dropped). A function receives the
 * params of the address as it is now, with changes made since the last render.
 */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const { history, navigate } = useNavigator();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const { pathname, search: now } = history.current();
      const query = (typeof next === 'function' ? next(new URLSearchParams(now)) : next).toString();
      navigate(`${pathname}${query ? `?${query}` : ''}`, options);
    },
    [history, navigate],
  );
  return [params, setParams];
}

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
  /** Replaces the current history entry; by default only a link to the current address does. */
  replace?: boolean;
}

// Modified and middle clicks, other targets and downloads are the browser's (new tab, new window…).
const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
  (!event.currentTarget.target || event.currentTarget.target === '_self') &&
  !event.currentTarget.hasAttribute('download');

const isOtherSite = (to: string) => /^([a-z][a-z\d+.-]*:|\/\/)/i.test(to);

/** A link of the app: an `<a href>` whose plain clicks navigate without reloading the page. */
export function Link({ to, replace, onClick, ...props }: LinkProps) {
  const { navigate } = useNavigator();
  const location = useLocation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (isOtherSite(to) || !isPlainClick(event)) return;
    event.preventDefault();
    navigate(to, { replace: replace ?? hrefOf(resolve(to, location)) === hrefOf(location) });
  };
  return <a href={to} onClick={handleClick} {...props} />;
}

export interface NavLinkProps extends LinkProps {
  /** Active only on its own address, not on the addresses under it. */
  end?: boolean;
}

/** A link marked as the current page (aria-current, class 'active') on its address or under it. */
export function NavLink({ end, className, 'aria-current': current = 'page', ...props }: NavLinkProps) {
  const location = useLocation();
  const here = location.pathname.toLowerCase();
  const target = resolve(props.to, location).pathname.toLowerCase();
  const active = here === target || (!end && here.startsWith(target.endsWith('/') ? target : `${target}/`));
  return (
    <Link
      {...props}
      className={active ? (className ? `${className} active` : 'active') : className}
      aria-current={active ? current : undefined}
    />
  );
}
