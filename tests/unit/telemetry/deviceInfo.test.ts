import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEVICE_INFO_STORAGE_KEY,
  collectDeviceInfo,
  isDeviceInfoDue,
  logDeviceInfoIfDue,
} from '../../../src/lib/deviceInfo';
import { DEVICE_INFO_INTERVAL_MS } from '../../../src/lib/tokens';

const T0 = 1_700_000_000_000;

function start(now: number, storage: Pick<Storage, 'getItem' | 'setItem'> = window.localStorage) {
  const log = vi.fn();
  const logged = logDeviceInfoIfDue({ now: () => now, log, storage });
  return { log, logged };
}

describe('device_info', () => {
  beforeEach(() => window.localStorage.clear());

  it('logs on the first start and stores the time', () => {
    const { log, logged } = start(T0);
    expect(logged).toBe(true);
    expect(log).toHaveBeenCalledWith(
      'device_info',
      expect.objectContaining({
        user_agent: navigator.userAgent,
        language: navigator.language,
        device_pixel_ratio: expect.any(Number),
      }),
    );
    expect(window.localStorage.getItem(DEVICE_INFO_STORAGE_KEY)).toBe(String(T0));
  });

  it('logs at most once per 12 h across starts', () => {
    start(T0);
    expect(start(T0 + 1000).log).not.toHaveBeenCalled();
    expect(start(T0 + DEVICE_INFO_INTERVAL_MS - 1).log).not.toHaveBeenCalled();
    expect(start(T0 + DEVICE_INFO_INTERVAL_MS).log).toHaveBeenCalledTimes(1);
    expect(start(T0 + DEVICE_INFO_INTERVAL_MS + 1).log).not.toHaveBeenCalled();
  });

  it('treats a garbled or future timestamp as due', () => {
    expect(isDeviceInfoDue('garbage', T0)).toBe(true);
    expect(isDeviceInfoDue(String(T0 + 60_000), T0)).toBe(true);
    expect(isDeviceInfoDue(String(T0 - 60_000), T0)).toBe(false);
  });

  it('logs nothing when storage refuses the write (the 12 h promise cannot be kept)', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    const { log, logged } = start(T0, storage);
    expect(logged).toBe(false);
    expect(log).not.toHaveBeenCalled();
  });

  it('includes the connection type when the browser exposes it', () => {
    const win = {
      navigator: {
        userAgent: 'UA',
        language: 'fr-FR',
        maxTouchPoints: 5,
        connection: { effectiveType: '4g', saveData: false },
      },
      screen: { width: 390, height: 844 },
      innerWidth: 390,
      innerHeight: 700,
      devicePixelRatio: 3,
    } as unknown as Window;
    expect(collectDeviceInfo(win)).toEqual({
      user_agent: 'UA',
      language: 'fr-FR',
      screen_width: 390,
      screen_height: 844,
      viewport_width: 390,
      viewport_height: 700,
      device_pixel_ratio: 3,
      touch: true,
      connection_type: '4g',
      save_data: false,
    });
  });
});
