import { Component, type ComponentType, type ReactNode } from 'react';
import { RouteContext, RouteErrorContext } from './context';
import type { RouteMatch } from './match';

interface BoundaryProps {
  fallback: ComponentType;
  /** A new location clears a shown error. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  resetKey: string;
}

class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  render() {
    const Fallback = this.props.fallback;
    return this.state.error ? (
      <RouteErrorContext.Provider value={this.state.error}>
        <Fallback />
      </RouteErrorContext.Provider>
    ) : (
      this.props.children
    );
  }
}

/**
 * The element tree for a chain of matches, outermost layout first. Routes whose code has not
 * arrived show their HydrateFallback (first page load only); an `error` renders at the deepest
 * route with an ErrorBoundary.
 */
export function renderMatches(matches: RouteMatch[], error: unknown, resetKey: string): ReactNode {
  let errorAt = -1;
  if (error != null) {
    errorAt = matches.findLastIndex(({ route }) => route.ErrorBoundary);
    if (errorAt < 0) return <p role="alert">This page could not be loaded.</p>;
  }
  let outlet: ReactNode = null;
  for (let i = errorAt >= 0 ? errorAt : matches.length - 1; i >= 0; i--) {
    const { route } = matches[i];
    let element: ReactNode;
    if (i === errorAt && route.ErrorBoundary) {
      element = (
        <RouteErrorContext.Provider value={error}>
          <route.ErrorBoundary />
        </RouteErrorContext.Provider>
      );
    } else if (route.lazy) {
      element = route.HydrateFallback ? <route.HydrateFallback /> : null;
    } else {
      element = route.Component ? <route.Component /> : (route.element ?? outlet);
      if (route.ErrorBoundary) {
        element = (
          <RouteErrorBoundary fallback={route.ErrorBoundary} resetKey={resetKey}>
            {element}
          </RouteErrorBoundary>
        );
      }
    }
    const value = {
      outlet: route.lazy ? null : outlet,
      params: matches[i].params,
      matches: matches.slice(0, i + 1),
    };
    outlet = <RouteContext.Provider value={value}>{element}</RouteContext.Provider>;
  }
  return outlet;
}
