// device_info telemetry (accounts-platform §9: "device info logged every 12 h"). Checked once at
// app start; the time of the last log is kept in localStorage so each browser logs it at most
// once per DEVICE_INFO_INTERVAL_MS however many tabs and reloads happen in between.
import { logClientEvent } from './eventLog';
import { DEVICE_INFO_INTERVAL_MS } from './tokens';

export const DEVICE_INFO_STORAGE_KEY = 'glint:device_info_logged_at';

/** Network Information API: Chromium only, so every field is optional. */
interface NetworkInformationLike {
  effectiveType?: string;
  type?: string;
  saveData?: boolean;
}

/** What the browser says about the device. No hardware, font or canvas probing: this is not a fingerprint. */
export function collectDeviceInfo(win: Window = window): Record<string, unknown> {
  const nav = win.navigator as Navigator & { connection?: NetworkInformationLike };
  const info: Record<string, unknown> = {
    user_agent: nav.userAgent,
    language: nav.language,
    screen_width: win.screen?.width,
    screen_height: win.screen?.height,
    viewport_width: win.innerWidth,
    viewport_height: win.innerHeight,
    device_pixel_ratio: win.devicePixelRatio || 1,
    touch: (nav.maxTouchPoints ?? 0) > 0,
  };
  const connection = nav.connection;
  if (connection?.effectiveType) info.connection_type = connection.effectiveType;
  if (connection?.type) info.network_type = connection.type;
  if (connection?.saveData !== undefined) info.save_data = connection.saveData;
  return info;
}

/** True when the last log is missing, unreadable, older than the interval or in the future. */
export function isDeviceInfoDue(lastLoggedAt: string | null, now: number): boolean {
  const last = Number(lastLoggedAt);
  if (lastLoggedAt === null || !Number.isFinite(last)) return true;
  // A clock set back would otherwise silence the event for as long as it was moved.
  return now - last >= DEVICE_INFO_INTERVAL_MS || last > now;
}

export interface DeviceInfoDeps {
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  now?: () => number;
  log?: (name: string, extra: Record<string, unknown>) => void;
  win?: Window;
}

/** Logs device_info when due; returns whether it did. */
export function logDeviceInfoIfDue(deps: DeviceInfoDeps = {}): boolean {
  const now = (deps.now ?? Date.now)();
  const log = deps.log ?? logClientEvent;
  try {
    const storage = deps.storage === undefined ? window.localStorage : deps.storage;
    if (!storage || !isDeviceInfoDue(storage.getItem(DEVICE_INFO_STORAGE_KEY), now)) return false;
    // Written before logging: when storage refuses the write we cannot keep the "at most once per
    // 12 h" promise, so nothing is logged rather than logging on every page load.
    storage.setItem(DEVICE_INFO_STORAGE_KEY, String(now));
  } catch {
    return false;
  }
  log('device_info', collectDeviceInfo(deps.win));
  return true;
}
