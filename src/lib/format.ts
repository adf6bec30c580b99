// Number and time formatting (accounts-platform §9, content §9).

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** The long relative format switches to a date after this many days. */
export const LONG_RELATIVE_MAX_DAYS = 8;
/** Counts are shortened from this value up ('0.[0]a'); below it they use '0,0'. */
export const COUNT_SHORTEN_FROM = 10_000;

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Pattern '0,0': 1234567 → '1,234,567'. */
export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

const UNITS: readonly [number, string][] = [
  [1e3, 'k'],
  [1e6, 'm'],
  [1e9, 'b'],
  [1e12, 't'],
];

/**
 * Pattern '0.[0]a' from 10,000 up: 12345 → '12.3k', 1234567 → '1.2m', 1e9 → '1b'. Rounding that
 * reaches 1000 of a unit moves to the next unit (999,999 → '1m', never '1000k').
 */
export function formatCount(n: number): string {
  const abs = Math.abs(n);
  if (abs < COUNT_SHORTEN_FROM) return formatNumber(n);
  let unit = 0;
  while (unit < UNITS.length - 1 && abs >= UNITS[unit + 1][0]) unit++;
  let value = Math.round((abs / UNITS[unit][0]) * 10) / 10;
  if (value >= 1000 && unit < UNITS.length - 1) {
    unit++;
    value = Math.round((abs / UNITS[unit][0]) * 10) / 10;
  }
  return `${n < 0 ? '-' : ''}${value}${UNITS[unit][1]}`;
}

function nowSeconds(): number {
  return Date.now() / 1000;
}

/** Whole seconds elapsed; a timestamp slightly in the future (clock skew) counts as 0. */
function elapsed(ts: number, now: number): number {
  return Math.max(0, Math.floor(now - ts));
}

/** Short form: '12s', '5m', '3h', '6d', '2w'. */
export function relativeTime(ts: number, now: number = nowSeconds()): string {
  const s = elapsed(ts, now);
  if (s < MINUTE) return `${s}s`;
  if (s < HOUR) return `${Math.floor(s / MINUTE)}m`;
  if (s < DAY) return `${Math.floor(s / HOUR)}h`;
  if (s < WEEK) return `${Math.floor(s / DAY)}d`;
  return `${Math.floor(s / WEEK)}w`;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

const MONTH_DAY = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric' });
const MONTH_DAY_YEAR = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/**
 * Long form: '12 seconds ago' … '6 days ago', '1 week ago' on day 7; from day 8 on a date —
 * 'March 3', or 'March 3, 2024' when not in the current year (local time).
 */
export function longRelativeTime(ts: number, now: number = nowSeconds()): string {
  const s = elapsed(ts, now);
  if (s < MINUTE) return plural(s, 'second');
  if (s < HOUR) return plural(Math.floor(s / MINUTE), 'minute');
  if (s < DAY) return plural(Math.floor(s / HOUR), 'hour');
  if (s < WEEK) return plural(Math.floor(s / DAY), 'day');
  if (s < LONG_RELATIVE_MAX_DAYS * DAY) return plural(Math.floor(s / WEEK), 'week');
  const date = new Date(ts * 1000);
  const sameYear = date.getFullYear() === new Date(now * 1000).getFullYear();
  return (sameYear ? MONTH_DAY : MONTH_DAY_YEAR).format(date);
}

/** Full date for a title attribute: 'March 3, 2024'. */
export function formatDateTitle(ts: number): string {
  return MONTH_DAY_YEAR.format(new Date(ts * 1000));
}

/** ISO 8601 for <time dateTime>. */
export function toIsoString(ts: number): string {
  return new Date(ts * 1000).toISOString();
}
