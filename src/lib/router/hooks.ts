import { useCallback, useContext, useMemo } from 'react';
import type { Location, To } from './history';
import { RouteContext, RouteErrorContext, RouterContext, RouterStateContext } from './context';
import type { Params } from './match';
import type { Navigation, NavigateOptions, Router, RouterState } from './router';

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router)
    throw new Error('Router hooks need a <RouterProvider> or <MemoryRouter> above them.');
  return router;
}

export function useRouterState(): RouterState {
  const state = useContext(RouterStateContext);
  if (!state) throw new Error('Router hooks need a <RouterProvider> or <MemoryRouter> above them.');
  return state;
}

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => Promise<void>;

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

export function useLocation(): Location {
  return useRouterState().location;
}

export function useNavigationType() {
  return useRouterState().historyAction;
}

export function useNavigation(): Navigation {
  return useRouterState().navigation;
}

export function useParams<T extends Params = Params>(): T {
  return useContext(RouteContext).params as T;
}

/** Every route of the current page, layouts first (wherever it is called from). */
export function useMatches() {
  return useRouterState().matches.map(({ route, params, pathname }) => ({
    id: route.id ?? pathname,
    pathname,
    params,
    handle: route.handle,
  }));
}

export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

type SearchInit = string | Record<string, string> | URLSearchParams;

export function useSearchParams(): [
  URLSearchParams,
  (
    next: SearchInit | ((current: URLSearchParams) => SearchInit),
    options?: NavigateOptions,
  ) => void,
] {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const query = new URLSearchParams(
        typeof next === 'function' ? next(params) : next,
      ).toString();
      void navigate({ pathname, search: query ? `?${query}` : '' }, options);
    },
    [navigate, params, pathname],
  );
  return [params, setParams];
}
