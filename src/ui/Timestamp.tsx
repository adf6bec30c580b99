import { useState } from 'react';
import { formatDateTitle, longRelativeTime, relativeTime, toIsoString } from '../lib/format';

export interface TimestampProps {
  /** Unix seconds. */
  ts: number;
  /** '3 hours ago' instead of '3h'. */
  long?: boolean;
  /** Reference time in unix seconds (tests, lists sharing one clock); defaults to mount time. */
  now?: number;
  className?: string;
}

/** Relative time in a <time> element with the ISO time and the full date as its title. */
export function Timestamp({ ts, long = false, now, className }: TimestampProps) {
  // Read the clock once per mount: relative labels need not tick while the page is open.
  const [mountedAt] = useState(() => Date.now() / 1000);
  const reference = now ?? mountedAt;
  return (
    <time className={className} dateTime={toIsoString(ts)} title={formatDateTitle(ts)}>
      {long ? longRelativeTime(ts, reference) : relativeTime(ts, reference)}
    </time>
  );
}
