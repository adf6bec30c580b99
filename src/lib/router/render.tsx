/**
 * The app's route objects as React Router elements. React Router matches and renders them
 * (`matchRoutes` + `renderMatches`, declarative mode); each route's element adds what the app's
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
  type ReactNode,
} from 'react';
import {
  createPath,
  Navigate,
  Outlet as RouterOutlet,
  renderMatches,
  UNSAFE_ErrorResponseImpl as ErrorResponse,
  useLocation,
  useParams,
  type Location,
  type RouteObject as RouterRoute,
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

const converted = new WeakMap<RouteObject[], RouterRoute[]>();
const originals = new WeakMap<object, RouteObject>();

/** React Router route objects for the app's routes (kept per table, so matches are cached). */
export function toRouterRoutes(routes: RouteObject[]): RouterRoute[] {
  let out = converted.get(routes);
  if (!out) {
    out = routes.map((route): RouterRoute => {
      const base = { id: route.id, path: route.path, handle: route.handle };
      const element = <RouteElement route={route} />;
      const out: RouterRoute = route.index
        ? { ...base, index: true, element }
        : {
            ...base,
            element,
            children: route.children?.length ? toRouterRoutes(route.children) : undefined,
          };
      originals.set(out, route);
      return out;
    });
    converted.set(routes, out);
  }
  return out;
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
 * Renders the route chain for the current location. The element tree changes only when the
 * location does, so a layout may keep its outlet element in state (ModalRouteOutlet).
 */
export function RouteTree({ routes }: { routes: RouteObject[] }) {
  const { pathname, key } = useLocation();
  return useMemo(() => {
    void key;
    const table = toRouterRoutes(routes) as RouteObject[];
    const matches = matchRoutes(table, pathname);
    if (!matches) return notFound(routes);
    const fallback = matches
      .map((match) => originals.get(match.route)?.HydrateFallback)
      .findLast(Boolean);
    return (
      <PageFallbackContext.Provider value={fallback ?? null}>
        {renderMatches(matches.map((match) => ({ ...match, route: match.route as RouterRoute })))}
      </PageFallbackContext.Provider>
    );
  }, [routes, pathname, key]);
}

/** The app's route objects of a React Router match chain. */
export function originalRoute(route: object): RouteObject | undefined {
  return originals.get(route);
}
