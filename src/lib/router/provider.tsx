/**
 * React Router in declarative mode (its `<Router>` over its own browser or memory history), with
 * each navigation rendered as a React transition: while a page's code downloads the old page
 * stays on screen and `useNavigation().state` is 'loading'; a navigation started meanwhile
 * supersedes it, so a page whose code arrives late never replaces the one asked for last
 * (spec §2). Data mode would do the same with loaders, but costs ≈ 17 KB gzip more on `/`
 * (README, "JavaScript budget").
 */
import {
  createContext,
  createElement,
  Suspense,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  useTransition,
  type ReactNode,
} from 'react';
import {
  Router as RouterRoot,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  UNSAFE_RouteContext as RouterRouteContext,
  useLocation,
  useOutlet,
  type Location,
  type NavigateOptions,
  type To,
} from 'react-router-dom';
import { matchRoutes, type RouteObject } from './match';
import { PageFallbackContext, RouteErrorContext, RoutesContext, RouteTree } from './render';

type History = ReturnType<typeof createBrowserHistory>;
type Action = History['action'];

export interface RouterState {
  location: Location;
  historyAction: Action;
}

/** A router: the app's routes and a session history (the browser's, or one in memory for tests). */
export interface Router {
  readonly routes: RouteObject[];
  readonly history: History;
  /** The history's current entry. */
  readonly state: RouterState;
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
}

function createRouter(routes: RouteObject[], history: History): Router {
  return {
    routes,
    history,
    get state() {
      return { location: history.location, historyAction: history.action };
    },
    navigate(to, options = {}) {
      if (typeof to === 'number') history.go(to);
      else if (options.replace) history.replace(to, options.state);
      else history.push(to, options.state);
      return Promise.resolve();
    },
  };
}

export function createBrowserRouter(routes: RouteObject[]): Router {
  return createRouter(routes, createBrowserHistory({ v5Compat: true }));
}

export function createMemoryRouter(
  routes: RouteObject[],
  options: { initialEntries?: To[] } = {},
): Router {
  const initialEntries = options.initialEntries?.map((to) =>
    typeof to === 'string' ? to : { pathname: '/', ...to },
  );
  return createRouter(routes, createMemoryHistory({ initialEntries, v5Compat: true }));
}

export interface Navigation {
  state: 'idle' | 'loading';
}

const IDLE: Navigation = { state: 'idle' };
const LOADING: Navigation = { state: 'loading' };
const NavigationContext = createContext<Navigation>(IDLE);

/** Renders the router's current page, or `children` when given. */
export function RouterProvider({ router, children }: { router: Router; children?: ReactNode }) {
  const { history } = router;
  const [state, setState] = useState({ location: history.location, action: history.action });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) =>
        startTransition(() => setState({ action, location })),
      ),
    [history],
  );
  return (
    <RouterRoot location={state.location} navigationType={state.action} navigator={history}>
      <NavigationContext.Provider value={pending ? LOADING : IDLE}>
        <RoutesContext.Provider value={router.routes}>
          <Suspense fallback={null}>{children ?? <RouteTree routes={router.routes} />}</Suspense>
        </RoutesContext.Provider>
      </NavigationContext.Provider>
    </RouterRoot>
  );
}

/** 'loading' while a navigation waits for its page's code. */
export function useNavigation(): Navigation {
  return useContext(NavigationContext);
}

/**
 * The child route's page. While its code downloads on the first load the route's
 * HydrateFallback shows instead; later navigations keep the old page (a transition).
 */
export function Outlet() {
  const outlet = useOutlet();
  const Fallback = useContext(PageFallbackContext);
  return <Suspense fallback={Fallback ? createElement(Fallback) : null}>{outlet}</Suspense>;
}

/** Every route of the current page, layouts first (wherever it is called from). */
export function useMatches() {
  const routes = useContext(RoutesContext);
  const { pathname } = useLocation();
  return useMemo(
    () =>
      (matchRoutes(routes, pathname) ?? []).map(({ route, pathname: path, params }) => ({
        id: route.id ?? path,
        pathname: path,
        params,
        handle: route.handle,
      })),
    [routes, pathname],
  );
}

/** The error a route's ErrorBoundary is showing. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

/** React Router's route context (the child route's element, params, matches). */
export const RouteContext = RouterRouteContext;
