import { createContext } from 'react';
import type { Params, RouteMatch } from './match';
import type { Router, RouterState } from './router';

export const RouterContext = createContext<Router | null>(null);
export const RouterStateContext = createContext<RouterState | null>(null);

export interface RouteContextValue {
  /** The child route's element; stable until the router renders new matches. */
  outlet: React.ReactNode;
  params: Params;
  matches: RouteMatch[];
}

export const RouteContext = createContext<RouteContextValue>({
  outlet: null,
  params: {},
  matches: [],
});
export const RouteErrorContext = createContext<unknown>(null);
