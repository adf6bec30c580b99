/**
 * Route objects and matching. Matching is React Router's `matchRoutes` (static segments outrank
 * dynamic ones, which outrank a splat; trailing slashes and letter case do not matter); this
 * file only remembers its answers per route table (spec §9: a route-match cache of up to 10000
 * entries).
 */
import type { ComponentType, ReactNode } from 'react';
import { matchRoutes as matchRouterRoutes, type Params } from 'react-router-dom';
import { ROUTE_MATCH_CACHE_MAX } from '../tokens';

export type { Params };

export interface LoaderFunctionArgs {
  request: Request;
  params: Params;
}

/** A route of the app: React Router's route fields plus guards and lazy pages. */
export interface RouteObject {
  id?: string;
  path?: string;
  index?: boolean;
  Component?: ComponentType | null;
  element?: ReactNode;
  /** Shown instead of the route (and its children) when they throw while rendering. */
  ErrorBoundary?: ComponentType | null;
  /** Shown in the page area while the route's code downloads on the first page load. */
  HydrateFallback?: ComponentType | null;
  /** A guard run before the route renders; throw `redirect(…)` to go elsewhere. */
  loader?: (args: LoaderFunctionArgs) => unknown;
  /** Loads the route's Component on first use (React.lazy). */
  lazy?: () => Promise<{ Component: ComponentType }>;
  handle?: unknown;
  children?: RouteObject[];
}

export interface RouteMatch {
  route: RouteObject;
  params: Params;
  pathname: string;
  pathnameBase: string;
}

const matchCache = new WeakMap<RouteObject[], Map<string, RouteMatch[] | null>>();

/**
 * The chain of routes (layouts first) that renders `pathname`, or null. Answers are remembered
 * per route table for the ROUTE_MATCH_CACHE_MAX most recently used paths; each call gets new
 * match objects.
 */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  let cache = matchCache.get(routes);
  if (!cache) matchCache.set(routes, (cache = new Map()));
  let matched = cache.get(pathname);
  if (matched !== undefined) {
    // Map keeps insertion order: moving a hit to the end makes the first key the least recent.
    cache.delete(pathname);
  } else {
    matched =
      (matchRouterRoutes(routes as Parameters<typeof matchRouterRoutes>[0], pathname) as
        RouteMatch[] | null) ?? null;
    if (cache.size >= ROUTE_MATCH_CACHE_MAX) cache.delete(cache.keys().next().value as string);
  }
  cache.set(pathname, matched);
  return matched && matched.map((match) => ({ ...match, params: { ...match.params } }));
}

/** How many paths of `routes` have a remembered match (tests). */
export function rememberedMatchCount(routes: RouteObject[]): number {
  return matchCache.get(routes)?.size ?? 0;
}

/** Whether `pathname` has a remembered match for `routes` (tests). */
export function isMatchRemembered(routes: RouteObject[], pathname: string): boolean {
  return matchCache.get(routes)?.has(pathname) ?? false;
}
