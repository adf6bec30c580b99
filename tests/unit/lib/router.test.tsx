import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { isMatchRemembered, rememberedMatchCount } from '../../../src/lib/router/match';
import { ROUTE_MATCH_CACHE_MAX } from '../../../src/lib/tokens';
import {
  createMemoryRouter,
  Link,
  matchRoutes,
  NavLink,
  Outlet,
  redirect,
  RouterProvider,
  useParams,
  useRouteError,
  useSearchParams,
  type RouteObject,
} from '../../../src/lib/router';

const page = (name: string) => () => <h1>{name}</h1>;

function Profile() {
  const { username } = useParams();
  return <h1>Profile of {username}</h1>;
}

function Layout() {
  return (
    <>
      <nav>
        <NavLink to="/explore/">Explore</NavLink>
        <Link to="/">Home</Link>
        <Link to="/private/">Private</Link>
      </nav>
      <Outlet />
    </>
  );
}

function Failure() {
  const error = useRouteError();
  return <p role="alert">Failed: {error instanceof Error ? error.message : 'unknown'}</p>;
}

function Search() {
  const [params] = useSearchParams();
  return <h1>Search for {params.get('q')}</h1>;
}

function app(): RouteObject[] {
  return [
    {
      Component: Layout,
      ErrorBoundary: Failure,
      children: [
        { index: true, Component: page('Home') },
        { path: 'explore', Component: page('Explore') },
        { path: 'explore/tags/:tag', Component: page('Hashtag') },
        { path: 'explore/search', Component: Search },
        {
          path: 'private',
          loader: () => {
            throw redirect('/accounts/login/?next=%2Fprivate%2F');
          },
          Component: page('Private'),
        },
        { path: 'accounts/login', Component: page('Log in') },
        {
          path: 'broken',
          lazy: () => Promise.reject(new Error('chunk missing')),
        },
        { path: ':username', Component: Profile },
        { path: '*', Component: page('Not found') },
      ],
    },
  ];
}

function renderAt(path: string) {
  const router = createMemoryRouter(app(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const url = (router: ReturnType<typeof createMemoryRouter>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('matchRoutes', () => {
  it('ranks static segments above dynamic ones above the catch-all', () => {
    const routes = app();
    const leaf = (path: string) => matchRoutes(routes, path)?.at(-1);
    expect(leaf('/explore/tags/sunset/')?.params).toEqual({ tag: 'sunset' });
    expect(leaf('/explore/')?.route.path).toBe('explore');
    expect(leaf('/demo/')?.params).toEqual({ username: 'demo' });
    expect(leaf('/a/b/c')?.params).toEqual({ '*': 'a/b/c' });
    expect(leaf('/')?.route.index).toBe(true);
  });

  it('ignores trailing slashes and letter case, and decodes params', () => {
    const routes = app();
    expect(matchRoutes(routes, '/EXPLORE')?.at(-1)?.route.path).toBe('explore');
    expect(matchRoutes(routes, '/caf%C3%A9')?.at(-1)?.params).toEqual({ username: 'café' });
  });

  it('returns the layouts before the page', () => {
    const chain = matchRoutes(app(), '/explore/')?.map((m) => m.route.path ?? '(layout)');
    expect(chain).toEqual(['(layout)', 'explore']);
  });

  it('remembers the 10000 most recently matched paths of a route table (spec §9)', () => {
    const routes = app();
    const first = matchRoutes(routes, '/demo/');
    expect(rememberedMatchCount(routes)).toBe(1);
    // A remembered path answers the same, in new objects (navigations are told apart by them).
    const again = matchRoutes(routes, '/demo/');
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    expect(rememberedMatchCount(routes)).toBe(1);
    expect(rememberedMatchCount(app())).toBe(0); // each route table has its own
    // Fill the table: /demo/ is the oldest entry...
    for (let i = 0; i < ROUTE_MATCH_CACHE_MAX - 1; i++) matchRoutes(routes, `/user${i}/`);
    expect(rememberedMatchCount(routes)).toBe(ROUTE_MATCH_CACHE_MAX);
    // ...until it is used again; the next new path then evicts the least recently used one.
    matchRoutes(routes, '/demo/');
    matchRoutes(routes, '/one-more/');
    expect(rememberedMatchCount(routes)).toBe(ROUTE_MATCH_CACHE_MAX);
    expect(isMatchRemembered(routes, '/demo/')).toBe(true);
    expect(isMatchRemembered(routes, '/user0/')).toBe(false);
    expect(isMatchRemembered(routes, '/user1/')).toBe(true);
    expect(matchRoutes(routes, '/user0/')?.at(-1)?.params).toEqual({ username: 'user0' });
  });
});

describe('router', () => {
  it('renders the matched page inside its layout with its params', async () => {
    renderAt('/demo/');
    expect(await screen.findByRole('heading', { name: 'Profile of demo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('follows links and marks the current one', async () => {
    const router = renderAt('/');
    await userEvent.click(screen.getByRole('link', { name: 'Explore' }));
    expect(await screen.findByRole('heading', { name: 'Explore' })).toBeInTheDocument();
    expect(url(router)).toBe('/explore/');
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('reads the query string', async () => {
    renderAt('/explore/search/?q=sea');
    expect(await screen.findByRole('heading', { name: 'Search for sea' })).toBeInTheDocument();
  });

  it('lets a guard redirect a navigation; back returns to where the user was', async () => {
    const router = renderAt('/explore/');
    await userEvent.click(screen.getByRole('link', { name: 'Private' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(url(router)).toBe('/accounts/login/?next=%2Fprivate%2F');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Explore' })).toBeInTheDocument();
  });

  it('replaces the entry when a guard redirects the first page', async () => {
    const router = renderAt('/private/');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    await act(() => router.navigate('/explore/'));
    await act(() => router.navigate(-1));
    expect(url(router)).toBe('/accounts/login/?next=%2Fprivate%2F');
    await act(() => router.navigate(-1));
    expect(url(router)).toBe('/accounts/login/?next=%2Fprivate%2F');
  });

  it('shows the error boundary when a page cannot load, and recovers on the next navigation', async () => {
    const router = renderAt('/');
    await act(() => router.navigate('/broken/'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed: chunk missing');
    await act(() => router.navigate('/explore/'));
    expect(await screen.findByRole('heading', { name: 'Explore' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('downloads a page whose download failed again on the next navigation to it', async () => {
    let attempts = 0;
    const routes: RouteObject[] = [
      {
        Component: Layout,
        ErrorBoundary: Failure,
        children: [
          { index: true, Component: page('Home') },
          {
            path: 'flaky',
            lazy: () =>
              ++attempts === 1
                ? Promise.reject(new Error('offline'))
                : Promise.resolve({ Component: page('Flaky page') }),
          },
        ],
      },
    ];
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/flaky/'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed: offline');
    await act(() => router.navigate('/'));
    await act(() => router.navigate('/flaky/'));
    expect(await screen.findByRole('heading', { name: 'Flaky page' })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
