/**
 * The app's route objects as React Router elements. React Router matches and renders them
 * (`matchRoutes` and its route context, declarative mode); each route's element adds what the app's
 * route objects say beyond paths: its guard (`loader`, run before anything of the route renders,
 * so a redirect happens before its code downloads), its lazy page (React.lazy: the navigation is
 * a transition, so the old page stays until the code is in and a newer navigation supersedes it)
 * and its error boundary.
 */
import {
  Component,
  createContext,
  createElement,
  lazy,
  useMemo,
  type ComponentType,
  type ContextType,
  type ReactElement,
  type ReactNode,
} from 'react';

type RouteContextValue = ContextType<typeof RouterRouteContext>;
import {
  createPath,
  Navigate,
  Outlet as RouterOutlet,
  UNSAFE_RouteContext as RouterRouteContext,
  UNSAFE_ErrorResponseImpl as ErrorResponse,
  useLocation,
  useParams,
  type Location,
} from 'react-router-dom';
import { matchRoutes, type Params, type RouteObject } from './match';

export const RouteErrorContext = createContext<unknown>(null);
/** What the page area shows while a route's code downloads on the first load (lib Outlet). */
export const PageFallbackContext = createContext<ComponentType | null>(null);
/** The app's route table, for useMatches. */
export const RoutesContext = createContext<RouteObject[]>([]);

interface BoundaryProps {
  fallback: ComponentType;
  /** A new location clears a shown error. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  resetKey: string;
}

class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  render() {
    const Fallback = this.props.fallback;
    return this.state.error ? (
      <RouteErrorContext.Provider value={this.state.error}>
        <Fallback />
      </RouteErrorContext.Provider>
    ) : (
      this.props.children
    );
  }
}

/** The redirect a guard threw (React Router's `redirect()` Response), or null. */
function runGuard(route: RouteObject, location: Location, params: Params): string | null {
  if (!route.loader) return null;
  const href = new URL(createPath(location), window.location.origin).href;
  try {
    route.loader({ request: new Request(href), params });
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      return thrown.headers.get('Location') ?? '/';
    }
    throw thrown;
  }
  return null;
}

/**
 * One React.lazy per route. A failed download is tried again by the next navigation (a new
 * location key), not by React's re-render of the same one.
 */
interface LazyPage {
  page: ComponentType;
  key: string;
  failed: boolean;
}
const lazyPages = new WeakMap<RouteObject, LazyPage>();

function lazyComponentOf(route: RouteObject, key: string): ComponentType {
  let entry = lazyPages.get(route);
  if ((!entry || (entry.failed && entry.key !== key)) && route.lazy) {
    const load = route.lazy;
    const created: LazyPage = {
      key,
      failed: false,
      page: lazy(() =>
        load().then(
          (loaded) => ({ default: loaded.Component }),
          (error: unknown) => {
            created.failed = true;
            throw error;
          },
        ),
      ),
    };
    lazyPages.set(route, (entry = created));
  }
  return entry?.page ?? (() => null);
}

function RouteElement({ route }: { route: RouteObject }) {
  const location = useLocation();
  const params = useParams();
  const redirectTo = runGuard(route, location, params);
  if (redirectTo) return <Navigate to={redirectTo} replace />;
  const Page = route.lazy ? lazyComponentOf(route, location.key) : route.Component;
  // createElement: Page is one component per route (kept in lazyPages), not made per render.
  let element: ReactNode = Page ? createElement(Page) : (route.element ?? <RouterOutlet />);
  if (route.ErrorBoundary) {
    element = (
      <RouteErrorBoundary fallback={route.ErrorBoundary} resetKey={location.key}>
        {element}
      </RouteErrorBoundary>
    );
  }
  return element;
}

/** The first route that has an error page, for a path no route matches. */
function notFound(routes: RouteObject[]): ReactNode {
  const Fallback = routes.find((route) => route.ErrorBoundary)?.ErrorBoundary;
  return Fallback ? (
    <RouteErrorContext.Provider value={new ErrorResponse(404, 'Not Found', null)}>
      <Fallback />
    </RouteErrorContext.Provider>
  ) : (
    <p role="alert">This page could not be loaded.</p>
  );
}

/**
 * Renders the route chain React Router matched for the current location, outermost layout
 * first, each route inside React Router's route context (what Outlet, useParams and relative
 * links read), as its `useRoutes` does. The element tree changes only when the location does, so
 * a layout may keep its outlet element in state (ModalRouteOutlet).
 */
export function RouteTree({ routes }: { routes: RouteObject[] }) {
  const { pathname, key } = useLocation();
  return useMemo(() => {
    void key;
    const matches = matchRoutes(routes, pathname);
    if (!matches) return notFound(routes);
    let outlet: ReactElement | null = null;
    for (let i = matches.length - 1; i >= 0; i--) {
      const value = { outlet, matches: matches.slice(0, i + 1), isDataRoute: false };
      outlet = (
        <RouterRouteContext.Provider value={value as RouteContextValue}>
          <RouteElement route={matches[i].route} />
        </RouterRouteContext.Provider>
      );
    }
    const fallback = matches.map((match) => match.route.HydrateFallback).findLast(Boolean);
    return (
      <PageFallbackContext.Provider value={fallback ?? null}>{outlet}</PageFallbackContext.Provider>
    );
  }, [routes, pathname, key]);
}
