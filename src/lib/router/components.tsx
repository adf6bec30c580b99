import {
  Children,
  isValidElement,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ComponentType,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { createPath, resolveTo, type To } from './history';
import { RouteContext, RouterContext, RouterStateContext } from './context';
import { useLocation, useNavigate, useRouterState } from './hooks';
import { matchRoutes, type RouteObject } from './match';
import { createMemoryRouter, type Router } from './router';
import { renderMatches } from './render';

/** Renders the router's current page, or `children` when given (MemoryRouter in tests). */
export function RouterProvider({ router, children }: { router: Router; children?: ReactNode }) {
  const state = useSyncExternalStore(
    router.subscribe,
    () => router.state,
    () => router.state,
  );
  const { matches, error, location } = state;
  const page = useMemo(
    () => (children === undefined ? renderMatches(matches, error, location.key) : null),
    [children, matches, error, location.key],
  );
  return (
    <RouterContext.Provider value={router}>
      <RouterStateContext.Provider value={state}>{children ?? page}</RouterStateContext.Provider>
    </RouterContext.Provider>
  );
}

/** A router kept in memory, for tests: `<MemoryRouter initialEntries={['/p/x/']}>`. */
export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: To[];
  children: ReactNode;
}) {
  const [router] = useState(() => createMemoryRouter([], { initialEntries }));
  return <RouterProvider router={router}>{children}</RouterProvider>;
}

interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType;
  children?: ReactNode;
}

/** Declares a route inside <Routes>; renders nothing by itself. */
export function Route(props: RouteProps): ReactNode {
  void props;
  return null;
}

function routesFromChildren(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    const { path, index, element, Component, children: nested } = child.props;
    routes.push({ path, index, element, Component, children: routesFromChildren(nested) });
  });
  return routes;
}

/** Element-style routes (tests): matches the location against its <Route> children. */
export function Routes({ children }: { children: ReactNode }) {
  const location = useLocation();
  const routes = useMemo(() => routesFromChildren(children), [children]);
  return renderMatches(matchRoutes(routes, location.pathname) ?? [], null, location.key);
}

export function Outlet() {
  return useContext(RouteContext).outlet;
}

/** The current path when `to` points to the current location (such a link replaces). */
function useHrefFor(to: To) {
  const location = useLocation();
  const path = resolveTo(to, location.pathname);
  return { path, href: createPath(path), current: createPath(location) };
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>, target?: string) {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: React.Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const { path, href, current } = useHrefFor(to);
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainLeftClick(event, target)) return;
        event.preventDefault();
        void navigate(path, { replace: replace ?? href === current, state });
      }}
    />
  );
}

interface NavLinkRenderProps {
  isActive: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  end?: boolean;
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  style?: CSSProperties | ((props: NavLinkRenderProps) => CSSProperties | undefined);
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
}

const trimSlash = (path: string) => path.replace(/\/+$/, '').toLowerCase();

/** A link that knows it points at the current page (aria-current="page"). */
export function NavLink({ to, end, className, style, children, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const { path } = useHrefFor(to);
  const here = trimSlash(pathname);
  const there = trimSlash(path.pathname);
  const isActive = here === there || (!end && there !== '' && here.startsWith(`${there}/`));
  const props = { isActive };
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className(props) : className}
      style={typeof style === 'function' ? style(props) : style}
    >
      {typeof children === 'function' ? children(props) : children}
    </Link>
  );
}

/** Navigates once rendered (a redirect inside a page); once per target, whatever re-renders. */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const { href } = useHrefFor(to);
  const options = useRef({ replace, state });
  useEffect(() => {
    void navigate(href, options.current);
  }, [navigate, href]);
  return null;
}

const STORAGE_KEY = 'glint-scroll-positions';
const positions = new Map<string, number>(
  (() => {
    try {
      return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][];
    } catch {
      return [];
    }
  })(),
);

/**
 * Back and forward return to where the page was scrolled; any other navigation starts at the
 * top (or at the #hash). Positions survive a reload through sessionStorage.
 */
export function ScrollRestoration() {
  const router = useContext(RouterContext);
  const { location, historyAction } = useRouterState();
  useEffect(() => {
    if (!router) return;
    window.history.scrollRestoration = 'manual';
    const save = (key: string) => void positions.set(key, window.scrollY);
    const persist = () => {
      save(router.state.location.key);
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
      } catch {
        // Storage off or full: positions then last for this page's life only.
      }
    };
    router.onBeforeCommit(save);
    window.addEventListener('pagehide', persist);
    return () => {
      router.onBeforeCommit(null);
      window.removeEventListener('pagehide', persist);
    };
  }, [router]);
  useLayoutEffect(() => {
    const saved = positions.get(location.key);
    if (historyAction === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash)
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else if (historyAction !== 'POP') window.scrollTo(0, 0);
  }, [location.key, location.hash, historyAction]);
  return null;
}
