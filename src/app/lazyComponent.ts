import {
  createElement,
  lazy,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import { loadOnce } from '../lib/loadOnce';
import { showToast } from '../state/toast';

export type LazyComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading ahead of the render (on hover or focus of the control that shows it). */
  preload(): void;
};

export const LOAD_FAILED_TEXT = "Couldn't load this. Check your connection and try again.";

export interface LazyComponentOptions<P> {
  /**
   * Closes whatever showed the component when its code could not be downloaded, so that the
   * member's next press shows it again (and tries the download again) instead of doing nothing.
   */
  onLoadFailed?(props: P): void;
}

/**
 * Stands in when the module could not be downloaded (offline, or an old tab after a deploy):
 * each time it is shown it tries again, and says so in a toast when that fails too, instead of
 * taking the whole page down with it.
 */
function retrying<P>(
  loadComponent: () => Promise<ComponentType<P>>,
  onLoadFailed: ((props: P) => void) | undefined,
): ComponentType<P> {
  return function Retrying(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
    const latestProps = useRef(props);
    useEffect(() => {
      latestProps.current = props;
    });
    useEffect(() => {
      let live = true;
      loadComponent().then(
        (Component) => live && setLoaded(() => Component),
        () => {
          if (!live) return;
          showToast({ text: LOAD_FAILED_TEXT });
          onLoadFailed?.(latestProps.current);
        },
      );
      return () => {
        live = false;
      };
    }, []);
    return Loaded ? createElement(Loaded as ComponentType<object>, props as object) : null;
  };
}

/**
 * A component whose module loads the first time it renders (inside a Suspense boundary) or is
 * preloaded. Unlike React.lazy alone it takes a named export, can be warmed up early, and
 * survives a failed download.
 */
export function lazyComponent<P>(
  load: () => Promise<ComponentType<P>>,
  { onLoadFailed }: LazyComponentOptions<P> = {},
): LazyComponent<P> {
  const loadComponent = loadOnce(load);
  const component = lazy(() =>
    loadComponent().then(
      (Component) => ({ default: Component }),
      () => ({ default: retrying(loadComponent, onLoadFailed) }),
    ),
  );
  return Object.assign(component, {
    preload: () => void loadComponent().catch(() => undefined),
  });
}
