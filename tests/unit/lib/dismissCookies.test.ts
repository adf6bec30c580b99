import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dismiss,
  dismissCookieName,
  isDismissed,
  undismiss,
  type DismissName,
} from '../../../src/lib/dismissCookies';

const DAY = 24 * 3600;

afterEach(() => {
  for (const name of ['addToHomescreen', 'desktopRegistrationUpsell', 'openInApp'] as const)
    undismiss(name);
  vi.restoreAllMocks();
});

/** The max-age the helper writes for one dismissal. */
function maxAgeWritten(name: DismissName): number {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor.set!.call(document, value);
  });
  dismiss(name);
  vi.restoreAllMocks();
  expect(writes).toHaveLength(1);
  return Number(/max-age=(\d+)/.exec(writes[0])![1]);
}

describe('dismiss cookies', () => {
  it('remembers a dismissal in a cookie', () => {
    expect(isDismissed('addToHomescreen')).toBe(false);
    dismiss('addToHomescreen');
    expect(isDismissed('addToHomescreen')).toBe(true);
    expect(document.cookie).toContain(`${dismissCookieName('addToHomescreen')}=1`);
    expect(isDismissed('desktopRegistrationUpsell')).toBe(false);
  });

  it('uses the lifetimes of spec §9', () => {
    expect(maxAgeWritten('addToHomescreen')).toBe(30 * DAY);
    expect(maxAgeWritten('desktopRegistrationUpsell')).toBe(DAY);
  });

  it('gives "no expiry" the default max age of about a year', () => {
    expect(maxAgeWritten('openInApp')).toBe(365 * DAY);
  });
});
