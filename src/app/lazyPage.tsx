import type { ComponentType } from 'react';
import type { RouteObject } from '../lib/router';
import { PageLoading } from './PageLoading';

type PageModule = { default: ComponentType };

/**
 * A route whose page is code-split and loaded on navigation through React Router's route `lazy`.
 *
 * Spec §2 "a page load superseded by a newer navigation is discarded": the data router runs each
 * navigation (guard loader + lazy page import) as one transition. When another navigation starts
 * first, the pending one is cancelled; its module may still finish downloading, but its result is
 * never rendered. tests/unit/app/router.test.tsx checks exactly that.
 */
export function lazyPage(
  load: () => Promise<PageModule>,
): Pick<RouteObject, 'lazy' | 'HydrateFallback'> {
  return {
    lazy: async () => ({ Component: (await load()).default }),
    // Shown on the first page load only (later navigations keep the old page + top loading bar).
    HydrateFallback: PageLoading,
  };
}
