// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDateTitle,
  formatNumber,
  longRelativeTime,
  relativeTime,
} from '../../../src/lib/format';

// Dates are shown in local time, so the fixtures are local noons (same date in any time zone).
const localNoon = (y: number, m: number, d: number) => new Date(y, m, d, 12).getTime() / 1000;
const NOW = localNoon(2025, 5, 15); // June 15, 2025
const S = 1;
const M = 60;
const H = 3600;
const D = 86400;

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1234, '1,234'],
    [1234567, '1,234,567'],
    [1234.6, '1,235'],
    [-1234, '-1,234'],
  ])('%d → %s', (n, s) => expect(formatNumber(n)).toBe(s));
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [9999, '9,999'],
    [10000, '10k'],
    [10049, '10k'],
    [12345, '12.3k'],
    [12350, '12.4k'],
    [999_949, '999.9k'],
    [999_999, '1m'],
    [1_000_000, '1m'],
    [1_234_567, '1.2m'],
    [1_000_000_000, '1b'],
    [2_500_000_000, '2.5b'],
    [-12345, '-12.3k'],
  ])('%d → %s', (n, s) => expect(formatCount(n)).toBe(s));
});

describe('relativeTime (short)', () => {
  it.each([
    [0, '0s'],
    [12 * S, '12s'],
    [59 * S, '59s'],
    [60 * S, '1m'],
    [59 * M + 59, '59m'],
    [60 * M, '1h'],
    [23 * H + 59 * M, '23h'],
    [24 * H, '1d'],
    [6 * D + 23 * H, '6d'],
    [7 * D, '1w'],
    [13 * D, '1w'],
    [14 * D, '2w'],
    [60 * D, '8w'],
  ])('%d seconds ago → %s', (age, s) => expect(relativeTime(NOW - age, NOW)).toBe(s));

  it('treats a timestamp in the future (clock skew) as now', () => {
    expect(relativeTime(NOW + 30, NOW)).toBe('0s');
  });
});

describe('longRelativeTime', () => {
  it.each([
    [1 * S, '1 second ago'],
    [12 * S, '12 seconds ago'],
    [59 * S, '59 seconds ago'],
    [60 * S, '1 minute ago'],
    [59 * M, '59 minutes ago'],
    [H, '1 hour ago'],
    [3 * H, '3 hours ago'],
    [23 * H, '23 hours ago'],
    [D, '1 day ago'],
    [6 * D, '6 days ago'],
    [7 * D, '1 week ago'],
    [8 * D - 1, '1 week ago'],
  ])('%d seconds ago → %s', (age, s) => expect(longRelativeTime(NOW - age, NOW)).toBe(s));

  it('switches to month and day after 8 days in the current year', () => {
    expect(longRelativeTime(NOW - 8 * D, NOW)).toBe('June 7');
    expect(longRelativeTime(localNoon(2025, 2, 3), NOW)).toBe('March 3');
  });

  it('adds the year only when it is not the current year', () => {
    expect(longRelativeTime(localNoon(2024, 2, 3), NOW)).toBe('March 3, 2024');
    const earlyJanuary = localNoon(2025, 0, 5);
    expect(longRelativeTime(localNoon(2024, 11, 20), earlyJanuary)).toBe('December 20, 2024');
  });
});

describe('formatDateTitle', () => {
  it('gives the full date', () => {
    expect(formatDateTitle(localNoon(2024, 2, 3))).toBe('March 3, 2024');
    expect(formatDateTitle(NOW)).toBe('June 15, 2025');
  });
});
