import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { computeWindow, sameWindow, type ListWindow } from './windowing';

/** Rendered band: the viewport plus this many viewport heights above and below it. */
const OVERSCAN_VIEWPORTS = 2;
/** Ask for more items when the end of the list is this close below the viewport. */
const END_MARGIN_PX = 1200;

interface WindowedListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Height used until an item has been measured (px, including its gap). */
  estimateHeight: (item: T) => number;
  onEndReached?: () => void;
  className?: string;
  /**
   * Measured heights by key. Pass a long-lived map to keep measurements when the list remounts
   * (back to the feed from a post), so the restored scroll position lands on the same card.
   */
  heightCache?: Map<string, number>;
}

const frame = (fn: () => void) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(fn) : setTimeout(fn, 16);

/**
 * A window-scrolled list that mounts only the items near the viewport (measured with a
 * ResizeObserver), so the DOM stays bounded however many posts are loaded; padding stands in for
 * the rest. A sentinel after the list reports when the end comes near.
 */
export function WindowedList<T>({
  items,
  getKey,
  renderItem,
  estimateHeight,
  onEndReached,
  className,
  heightCache,
}: WindowedListProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const [ownCache] = useState(() => new Map<string, number>());
  const measured = useRef(heightCache ?? ownCache);
  const latest = useRef({ items, getKey, estimateHeight, onEndReached });
  const scheduled = useRef(false);
  const [win, setWin] = useState<ListWindow>(() =>
    computeWindow(
      items.map((item) => heightCache?.get(getKey(item)) ?? estimateHeight(item)),
      0,
      window.innerHeight * (OVERSCAN_VIEWPORTS + 1),
    ),
  );

  useEffect(() => {
    latest.current = { items, getKey, estimateHeight, onEndReached };
  });

  const recompute = useCallback(() => {
    if (scheduled.current) return;
    scheduled.current = true;
    frame(() => {
      scheduled.current = false;
      const list = listRef.current;
      if (!list) return;
      const { items: all, getKey: keyOf, estimateHeight: estimate } = latest.current;
      const heights = all.map((item) => measured.current.get(keyOf(item)) ?? estimate(item));
      const top = -list.getBoundingClientRect().top;
      const viewport = window.innerHeight;
      const next = computeWindow(
        heights,
        top - viewport * OVERSCAN_VIEWPORTS,
        top + viewport * (OVERSCAN_VIEWPORTS + 1),
      );
      setWin((current) => (sameWindow(current, next) ? current : next));
    });
  }, []);

  useEffect(() => {
    window.addEventListener('scroll', recompute, { passive: true });
    window.addEventListener('resize', recompute);
    return () => {
      window.removeEventListener('scroll', recompute);
      window.removeEventListener('resize', recompute);
    };
  }, [recompute]);

  useEffect(recompute, [items, recompute]);

  // Heights of mounted items; a change re-runs the window maths. Items can mount before the
  // observer exists (ref callbacks run before effects), so mounted elements are tracked too.
  const mounted = useRef(new Set<HTMLDivElement>());
  const observerRef = useRef<ResizeObserver | null>(null);
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const el = entry.target as HTMLElement;
        const key = el.dataset.windowKey;
        const height = el.offsetHeight;
        if (key && height > 0 && measured.current.get(key) !== height) {
          measured.current.set(key, height);
          changed = true;
        }
      }
      if (changed) recompute();
    });
    observerRef.current = observer;
    for (const el of mounted.current) observer.observe(el);
    return () => {
      observer.disconnect();
      observerRef.current = null;
    };
  }, [recompute]);
  const measure = useCallback((el: HTMLDivElement | null) => {
    if (!el) return;
    mounted.current.add(el);
    observerRef.current?.observe(el);
    return () => {
      mounted.current.delete(el);
      observerRef.current?.unobserve(el);
    };
  }, []);

  // Re-observed whenever the list grows, so a short page that leaves the sentinel in view still
  // asks for the next one.
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current.onEndReached?.();
      },
      { rootMargin: `0px 0px ${END_MARGIN_PX}px 0px` },
    );
    io.observe(sentinel);
    return () => io.disconnect();
  }, [items.length]);

  const end = Math.min(win.end, items.length);
  const start = Math.min(win.start, end);
  return (
    <>
      <div
        ref={listRef}
        className={className}
        style={{ paddingTop: win.before, paddingBottom: win.after }}
      >
        {items.slice(start, end).map((item, i) => {
          const key = getKey(item);
          return (
            <div key={key} ref={measure} data-window-key={key} className="windowed-item">
              {renderItem(item, start + i)}
            </div>
          );
        })}
      </div>
      <div ref={sentinelRef} className="windowed-sentinel" aria-hidden="true" />
    </>
  );
}
