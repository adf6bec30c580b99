// @vitest-environment node
/**
 * The client's route table (src/app/routes.tsx) and common/routeTable.ts, which the server's page
 * routes (server/routes/pages.ts) and the dev proxy (vite.config.ts) read, describe the same pages: every
 * route's address is served as the app (200) by the server and by `npm run dev`.
 */
import { describe, expect, it } from 'vitest';
import { routes } from '../../../src/app/routes';
import type { RouteObject } from '../../../src/lib/router';
import { DEV_PROXY, isApiPath, isPagePath } from '../../../common/routeTable';

/** Sample values for each route parameter, as real addresses have them. */
const SAMPLES: Record<string, string> = {
  username: 'demo',
  shortcode: 'CxYz12AbC',
  mediaId: '3141592653',
  tag: 'sunset',
  directoryId: 'US',
  locationId: '212988663',
  slug: 'new-york-new-york',
};

function paths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.path ? `${parent}/${route.path}` : parent;
    const here = route.index || (route.path && !route.children?.length) ? [own || '/'] : [];
    return [...here, ...paths(route.children ?? [], own)];
  });
}

const pages = paths(routes)
  .filter((path) => path !== '/*')
  .map((path) =>
    path === '/' ? '/' : `${path.replace(/:(\w+)/g, (_m, name: string) => SAMPLES[name] ?? 'x')}/`,
  );

/** What the dev server does with a page load of `path` (vite.config.ts server.proxy). */
function devServes(path: string): 'app' | 'proxy' {
  return new RegExp(DEV_PROXY).test(path) ? 'proxy' : 'app';
}

describe('one route table', () => {
  it('covers every route of the client', () => {
    expect(pages).toContain('/');
    expect(pages).toContain('/demo/');
    expect(pages).toContain('/explore/locations/212988663/new-york-new-york/');
    expect(pages.length).toBeGreaterThan(35);
  });

  it.each(pages)('the server serves %s as a page', (path) => {
    expect(isApiPath(path)).toBe(false);
    expect(isPagePath(path)).toBe(true);
  });

  it('the dev proxy forwards page loads under API prefixes back to the app', () => {
    // Pages whose prefix the proxy forwards (API calls live under them too) rely on the proxy's
    // bypass for text/html requests; every other page never reaches the proxy.
    const proxied = pages.filter((path) => devServes(path) === 'proxy');
    expect(proxied.sort()).toEqual(
      [
        '/create/details/',
        '/create/story/',
        '/create/style/',
        '/explore/locations/US/',
        '/explore/locations/212988663/new-york-new-york/',
        '/media/3141592653/flag/',
      ].sort(),
    );
  });
});
