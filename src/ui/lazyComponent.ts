import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadOnce } from '../lib/loadOnce';

export type LazyComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading ahead of the render (on hover or focus of the control that shows it). */
  preload(): void;
};

/**
 * A component whose module loads the first time it renders (inside a Suspense boundary) or is
 * preloaded. Unlike React.lazy alone it takes a named export and can be warmed up early.
 */
export function lazyComponent<P>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  const loadComponent = loadOnce(load);
  const component = lazy(() => loadComponent().then((Component) => ({ default: Component })));
  return Object.assign(component, {
    preload: () => void loadComponent().catch(() => undefined),
  });
}
