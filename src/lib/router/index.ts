/**
 * Glint's router: React Router's API for what the app uses (route objects with guards and lazy
 * pages, Link, NavLink, hooks, scroll restoration) in a few KB, because the whole first load of
 * `/` has to fit in 107 KiB gzip and React Router's data router alone is ≈ 29 KB.
 */
export { createPath, type Location, type To } from './history';
export { matchRoutes, type LoaderFunctionArgs, type Params, type RouteObject } from './match';
export {
  createBrowserRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  redirect,
  type NavigateOptions,
  type Router,
} from './router';
export { RouteContext } from './context';
export {
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  ScrollRestoration,
} from './components';
export {
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useNavigationType,
  useParams,
  useRouteError,
  useSearchParams,
  type NavigateFunction,
} from './hooks';
