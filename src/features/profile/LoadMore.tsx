import { useEffect, useRef } from 'react';
import { Spinner } from '../../ui/Spinner';

interface LoadMoreProps {
  /** A next page exists and none is in flight. */
  canLoad: boolean;
  isFetching: boolean;
  onLoad: () => void;
  /** Accessible name of the fallback button. */
  label: string;
}

/**
 * Infinite loading: a sentinel below the list asks for the next page when it scrolls into view.
 * Where IntersectionObserver is missing, a plain button does the same.
 */
export function LoadMore({ canLoad, isFetching, onLoad, label }: LoadMoreProps) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const onLoadRef = useRef(onLoad);
  useEffect(() => {
    onLoadRef.current = onLoad;
  }, [onLoad]);
  const observable = typeof IntersectionObserver !== 'undefined';

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !canLoad || !observable) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onLoadRef.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [canLoad, observable]);

  if (isFetching) {
    return (
      <div className="load-more">
        <Spinner label="Loading more" />
      </div>
    );
  }
  if (!canLoad) return null;
  return (
    <div className="load-more" ref={sentinelRef}>
      {observable ? null : (
        <button type="button" className="btn btn--secondary btn--sm" onClick={onLoad}>
          {label}
        </button>
      )}
    </div>
  );
}
