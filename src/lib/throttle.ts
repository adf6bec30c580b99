/**
 * Leading + trailing throttle: the first call runs at once, further calls within `ms` collapse into
 * one trailing call with the latest arguments (so the final scroll/search position is never lost).
 */
export interface Throttled<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending trailing call (e.g. on unmount). */
  cancel(): void;
}

export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number): Throttled<A> {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pendingArgs: A | null = null;

  const run = (args: A) => {
    last = Date.now();
    fn(...args);
  };

  const throttled = (...args: A) => {
    const wait = ms - (Date.now() - last);
    if (wait <= 0 && timer === null) {
      run(args);
      return;
    }
    pendingArgs = args;
    if (timer === null) {
      timer = setTimeout(
        () => {
          timer = null;
          const next = pendingArgs;
          pendingArgs = null;
          if (next) run(next);
        },
        Math.max(wait, 0),
      );
    }
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pendingArgs = null;
  };
  return throttled;
}
