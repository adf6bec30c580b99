import type { CSSProperties } from 'react';

interface ShimmerProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  round?: boolean;
  className?: string;
}

/** A grey placeholder block with a soft sweep, shown while content loads (feed_shimmer). */
export function Shimmer({ width = '100%', height = 14, round = false, className }: ShimmerProps) {
  return (
    <span
      className={['shimmer', round ? 'shimmer--round' : '', className].filter(Boolean).join(' ')}
      style={{ width, height }}
      aria-hidden="true"
    />
  );
}
