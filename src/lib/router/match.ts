/**
 * Route objects and matching, with React Router's ranking: a static segment outranks a dynamic
 * one, which outranks a splat, so /explore/… never reaches /:username/. Trailing slashes and
 * letter case do not matter.
 */
import type { ComponentType, ReactNode } from 'react';
import { ROUTE_MATCH_CACHE_MAX } from '../tokens';

export type Params = Record<string, string | undefined>;

export interface LoaderFunctionArgs {
  request: Request;
  params: Params;
}

export interface RouteObject {
  id?: string;
  path?: string;
  index?: boolean;
  Component?: ComponentType | null;
  element?: ReactNode;
  ErrorBoundary?: ComponentType | null;
  /** Shown in place of a route whose code is still loading on the first page load. */
  HydrateFallback?: ComponentType | null;
  /** Runs before the route renders; throw `redirect(…)` to go elsewhere (guards). */
  loader?: (args: LoaderFunctionArgs) => unknown;
  /** Loads the rest of the route (its Component) on first use. */
  lazy?: () => Promise<Partial<RouteObject>>;
  handle?: unknown;
  children?: RouteObject[];
}

export interface RouteMatch {
  route: RouteObject;
  params: Params;
  pathname: string;
}

interface Branch {
  segments: string[];
  score: number;
  order: number;
  routes: RouteObject[];
}

const isParam = (segment: string) => segment.startsWith(':');
const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function score(segments: string[], index: boolean): number {
  let total = segments.length + 1 + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') total -= 2;
    else total += isParam(segment) ? 3 : 10;
  }
  return total;
}

function flatten(routes: RouteObject[], parent: string[], chain: RouteObject[], out: Branch[]) {
  for (const route of routes) {
    const segments = [...parent, ...segmentsOf(route.path ?? '')];
    const routesTo = [...chain, route];
    if (route.children?.length) flatten(route.children, segments, routesTo, out);
    // Pathless layouts match only through their children.
    if (route.index || route.path !== undefined || !route.children?.length) {
      out.push({
        segments,
        score: score(segments, !!route.index),
        order: out.length,
        routes: routesTo,
      });
    }
  }
}

const branchCache = new WeakMap<RouteObject[], Branch[]>();

function branchesOf(routes: RouteObject[]): Branch[] {
  let branches = branchCache.get(routes);
  if (!branches) {
    branches = [];
    flatten(routes, [], [], branches);
    branches.sort((a, b) => b.score - a.score || a.order - b.order);
    branchCache.set(routes, branches);
  }
  return branches;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function matchBranch(branch: Branch, parts: string[]): Params | null {
  const params: Params = {};
  const { segments } = branch;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment === '*') {
      params['*'] = parts.slice(i).map(decode).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (isParam(segment)) params[segment.slice(1)] = decode(part);
    else if (segment.toLowerCase() !== decode(part).toLowerCase()) return null;
  }
  return parts.length === segments.length ? params : null;
}

const matchCache = new WeakMap<RouteObject[], Map<string, RouteMatch[] | null>>();

/**
 * The chain of routes (layouts first) that renders `pathname`, or null. The matching is
 * remembered per route table for the ROUTE_MATCH_CACHE_MAX (spec §9: 10000) most recently used
 * paths. Each call still gets new match objects: the router and its components tell navigations
 * apart by their identity (a lazy route's component arrives between two of them).
 */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  let cache = matchCache.get(routes);
  if (!cache) matchCache.set(routes, (cache = new Map()));
  let matched = cache.get(pathname);
  if (matched !== undefined) {
    // Map keeps insertion order: moving a hit to the end makes the first key the least recent.
    cache.delete(pathname);
  } else {
    matched = matchUncached(routes, pathname);
    if (cache.size >= ROUTE_MATCH_CACHE_MAX) cache.delete(cache.keys().next().value as string);
  }
  cache.set(pathname, matched);
  return matched && copyMatches(matched);
}

function copyMatches(matches: RouteMatch[]): RouteMatch[] {
  const params = { ...matches[0]?.params };
  return matches.map(({ route, pathname }) => ({ route, params, pathname }));
}

/** How many paths of `routes` have a remembered match (tests). */
export function rememberedMatchCount(routes: RouteObject[]): number {
  return matchCache.get(routes)?.size ?? 0;
}

/** Whether `pathname` has a remembered match for `routes` (tests). */
export function isMatchRemembered(routes: RouteObject[], pathname: string): boolean {
  return matchCache.get(routes)?.has(pathname) ?? false;
}

function matchUncached(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  const parts = segmentsOf(pathname);
  for (const branch of branchesOf(routes)) {
    const params = matchBranch(branch, parts);
    if (!params) continue;
    let depth = 0;
    return branch.routes.map((route) => {
      depth += segmentsOf(route.path ?? '').length;
      return { route, params, pathname: `/${parts.slice(0, depth).join('/')}` };
    });
  }
  return null;
}
