/**
 * The navigation state machine. A navigation runs the matched routes' guards (loaders), then
 * loads their lazy code, and only then commits: the URL changes and the new page renders, while
 * the old page stays on screen with `navigation.state === 'loading'`. A navigation started
 * meanwhile supersedes it, so a page whose code arrives late never replaces the one asked for
 * last (spec §2).
 */
import {
  createBrowserHistory,
  createMemoryHistory,
  createPath,
  resolveTo,
  type Action,
  type History,
  type Location,
  type To,
} from './history';
import { matchRoutes, type RouteMatch, type RouteObject } from './match';

export interface Navigation {
  state: 'idle' | 'loading';
  location?: Location;
}

export interface RouterState {
  location: Location;
  historyAction: Action;
  matches: RouteMatch[];
  navigation: Navigation;
  /** False until the first page's guards and code are in. */
  initialized: boolean;
  /** A guard or a route's code failed: the nearest ErrorBoundary shows it. */
  error: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface Router {
  readonly state: RouterState;
  readonly routes: RouteObject[];
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
  subscribe(listener: (state: RouterState) => void): () => void;
  /** Called with the key of the location being left, just before a new one commits. */
  onBeforeCommit(listener: ((leavingKey: string) => void) | null): void;
}

class Redirect {
  constructor(readonly to: string) {}
}

/** For guards: `throw redirect('/accounts/login/')`. */
export function redirect(to: string): Redirect {
  return new Redirect(to);
}

export class ErrorResponse {
  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {}
}

export function isRouteErrorResponse(error: unknown): error is ErrorResponse {
  return error instanceof ErrorResponse;
}

const lazyLoads = new WeakMap<RouteObject, Promise<void>>();

function loadLazy(route: RouteObject): Promise<void> {
  const { lazy } = route;
  if (!lazy) return Promise.resolve();
  let loading = lazyLoads.get(route);
  if (!loading) {
    loading = lazy().then((loaded) => {
      Object.assign(route, loaded);
      delete route.lazy;
    });
    // A failed download may be retried by the next navigation.
    loading.catch(() => lazyLoads.delete(route));
    lazyLoads.set(route, loading);
  }
  return loading;
}

const notFound = (): RouteMatch[] => [];

function needsWork(matches: RouteMatch[]): boolean {
  return matches.some(({ route }) => route.loader || route.lazy);
}

async function prepare(matches: RouteMatch[], location: Location): Promise<Redirect | null> {
  const href = new URL(createPath(location), window.location.origin).href;
  // Guards first, top-down, so a redirect happens before any page code downloads.
  for (const { route, params } of matches) {
    if (!route.loader) continue;
    try {
      await route.loader({ request: new Request(href), params });
    } catch (thrown) {
      if (thrown instanceof Redirect) return thrown;
      throw thrown;
    }
  }
  await Promise.all(matches.map(({ route }) => loadLazy(route)));
  return null;
}

export function createRouter(routes: RouteObject[], history: History): Router {
  const match = (location: Location) => matchRoutes(routes, location.pathname) ?? notFound();
  const initialMatches = match(history.location);
  const missing = initialMatches.length === 0 && routes.length > 0;
  let state: RouterState = {
    location: history.location,
    historyAction: history.action,
    matches: initialMatches,
    navigation: { state: 'idle' },
    initialized: !needsWork(initialMatches),
    error: missing ? new ErrorResponse(404, 'Not Found') : null,
  };
  const listeners = new Set<(state: RouterState) => void>();
  let beforeCommit: ((leavingKey: string) => void) | null = null;
  let current = 0;

  const set = (patch: Partial<RouterState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener(state);
  };

  /** `commitUrl` writes the history entry (PUSH/REPLACE); a POP has already moved the URL. */
  async function run(target: Location, action: Action, commitUrl: (() => void) | null) {
    const id = ++current;
    const matches = match(target);
    if (needsWork(matches)) set({ navigation: { state: 'loading', location: target } });
    let error: unknown = null;
    try {
      const redirected = await prepare(matches, target);
      if (id !== current) return;
      if (redirected) {
        // The address that redirected was never committed unless it came from the history.
        await go(redirected.to, { replace: commitUrl === null || action === 'REPLACE' });
        return;
      }
    } catch (thrown) {
      if (id !== current) return;
      error = thrown;
    }
    beforeCommit?.(state.location.key);
    commitUrl?.();
    set({
      location: history.location,
      historyAction: action,
      matches,
      navigation: { state: 'idle' },
      initialized: true,
      error: error ?? (matches.length === 0 ? new ErrorResponse(404, 'Not Found') : null),
    });
  }

  function go(to: To, options: NavigateOptions = {}): Promise<void> {
    const path = resolveTo(to, state.location.pathname);
    const replace = options.replace ?? false;
    const target: Location = { ...path, state: options.state ?? null, key: 'pending' };
    return run(target, replace ? 'REPLACE' : 'PUSH', () =>
      replace ? history.replace(path, options.state) : history.push(path, options.state),
    );
  }

  history.listen(({ location }) => void run(location, 'POP', null));
  if (!state.initialized) {
    // The first page: like a POP, a redirect replaces the entry the visitor arrived on.
    void run(history.location, history.action, null);
  }

  return {
    get state() {
      return state;
    },
    routes,
    navigate(to, options) {
      if (typeof to === 'number') {
        history.go(to);
        return Promise.resolve();
      }
      return go(to, options);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onBeforeCommit(listener) {
      beforeCommit = listener;
    },
  };
}

export function createBrowserRouter(routes: RouteObject[]): Router {
  return createRouter(routes, createBrowserHistory());
}

export function createMemoryRouter(
  routes: RouteObject[],
  options: { initialEntries?: To[] } = {},
): Router {
  return createRouter(routes, createMemoryHistory(options.initialEntries));
}
