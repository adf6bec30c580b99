/**
 * Display properties (accounts §9, content §9: "Display-property polling every 1 second"): the
 * viewport's size, the device pixel ratio and the orientation, read once a second while anything
 * listens. Polling, not only `resize`, because a pixel-ratio change (page zoom, a window dragged
 * to a denser screen) fires no event in every browser. Listeners hear only real changes.
 */
export const DISPLAY_PROPERTY_POLL_MS = 1000;

export interface DisplayProperties {
  viewportWidth: number;
  viewportHeight: number;
  pixelRatio: number;
  orientation: 'portrait' | 'landscape';
}

type DisplayWindow = Pick<
  Window,
  'innerWidth' | 'innerHeight' | 'devicePixelRatio' | 'setInterval' | 'clearInterval'
>;

export function readDisplayProperties(win: DisplayWindow): DisplayProperties {
  const viewportWidth = win.innerWidth;
  const viewportHeight = win.innerHeight;
  return {
    viewportWidth,
    viewportHeight,
    pixelRatio: win.devicePixelRatio || 1,
    orientation: viewportHeight > viewportWidth ? 'portrait' : 'landscape',
  };
}

const same = (a: DisplayProperties, b: DisplayProperties) =>
  a.viewportWidth === b.viewportWidth &&
  a.viewportHeight === b.viewportHeight &&
  a.pixelRatio === b.pixelRatio;

/**
 * One poller per window, shared by every listener: it runs while at least one listens and
 * stops with the last.
 */
export function createDisplayProperties(win: DisplayWindow) {
  let current = readDisplayProperties(win);
  const listeners = new Set<(next: DisplayProperties) => void>();
  let timer: number | undefined;

  const poll = () => {
    const next = readDisplayProperties(win);
    if (same(current, next)) return;
    current = next;
    for (const listener of [...listeners]) listener(next);
  };

  return {
    get: () => current,
    subscribe(listener: (next: DisplayProperties) => void): () => void {
      if (listeners.size === 0) {
        current = readDisplayProperties(win);
        timer = win.setInterval(poll, DISPLAY_PROPERTY_POLL_MS);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer !== undefined) {
          win.clearInterval(timer);
          timer = undefined;
        }
      };
    },
  };
}

let shared: ReturnType<typeof createDisplayProperties> | null = null;

/** The page's display properties (created on first use). */
export function displayProperties() {
  shared ??= createDisplayProperties(window);
  return shared;
}
