/**
 * Glint's routing: React Router (react-router-dom 7, declarative mode) with the app's route
 * objects (guards, lazy pages, error pages, handles). What React Router exports is re-exported
 * as it is; the rest are small adapters (provider.tsx, render.tsx, scroll.tsx). New code may
 * import react-router-dom directly.
 */
export {
  createPath,
  isRouteErrorResponse,
  MemoryRouter,
  Navigate,
  redirect,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
  type Location,
  type NavigateFunction,
  type NavigateOptions,
  type To,
} from 'react-router-dom';
export {
  matchRoutes,
  type LoaderFunctionArgs,
  type Params,
  type RouteMatch,
  type RouteObject,
} from './match';
export {
  createBrowserRouter,
  createMemoryRouter,
  Outlet,
  RouteContext,
  RouterProvider,
  useMatches,
  useNavigation,
  useRouteError,
  type Navigation,
  type Router,
} from './provider';
export { Link, NavLink, type LinkProps, type NavLinkProps } from './links';
export { ScrollRestoration } from './scroll';
