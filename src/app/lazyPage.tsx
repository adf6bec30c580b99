import type { ComponentType } from 'react';
import type { RouteObject } from '../lib/router';

type PageModule = { default: ComponentType };

/**
 * A route whose page is code-split and loaded on navigation (React.lazy under React Router,
 * src/lib/router/render.tsx).
 *
 * Spec §2 "a page load superseded by a newer navigation is discarded": every navigation renders
 * as a React transition, so the old page stays until the new page's code is in; when another
 * navigation starts first, React renders that one instead and the pending page is never shown
 * (its module may still finish downloading). tests/unit/app/router.test.tsx checks exactly that.
 */
export function lazyPage(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  // While the first page's code downloads, the root route's HydrateFallback (PageLoading) shows;
  // later navigations keep the old page and the top loading bar.
  return { lazy: async () => ({ Component: (await load()).default }) };
}
