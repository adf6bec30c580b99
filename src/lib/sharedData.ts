import type { Experiments, FeatureSwitches, SharedData, WireViewer } from '../api/types';
import { getCookie } from './cookies';

declare global {
  interface Window {
    /** Shared page data: read once from the page's JSON element, then kept (and updated) here. */
    _sharedData?: Partial<SharedData>;
  }
}

/**
 * The server puts the data in `<script type="application/json" id="shared-data">`: a data block
 * the Content-Security-Policy lets through, as no inline script may run. Read once.
 */
const pageData = (): Partial<SharedData> =>
  (window._sharedData ??= JSON.parse(document.getElementById('shared-data')?.textContent || '{}'));

/** Cookie the server sets (readable by scripts) while a session exists. */
export const USER_ID_COOKIE = 'ds_user_id';
export const CSRF_COOKIE = 'csrftoken';

const DEFAULT_FEATURE_SWITCHES: FeatureSwitches = {
  stories: false,
  filters: false,
  push_notifications: false,
  add_to_home_screen: false,
  feed_shimmer: false,
  video_variants: false,
  one_tap_login: false,
};

const DEFAULT_EXPERIMENTS: Experiments = { login_via_signup_page: false };

/**
 * The shared page data with every field present. A page served without data (tests, a static
 * preview) behaves as a logged-out visitor with every feature switched off.
 */
export function getSharedData(): SharedData {
  const raw = pageData();
  return {
    config: {
      viewer: raw.config?.viewer ?? null,
      csrf_token: raw.config?.csrf_token ?? '',
    },
    country_code: raw.country_code ?? '',
    feature_switches: { ...DEFAULT_FEATURE_SWITCHES, ...raw.feature_switches },
    experiments: { ...DEFAULT_EXPERIMENTS, ...raw.experiments },
    environment: raw.environment ?? 'production',
  };
}

export function getViewer(): WireViewer | null {
  return getSharedData().config.viewer;
}

type ViewerListener = (viewer: WireViewer | null) => void;
const viewerListeners = new Set<ViewerListener>();

/** Updates the viewer after an in-page login or logout, and tells subscribers. */
export function setViewer(viewer: WireViewer | null): void {
  const current = getSharedData();
  window._sharedData = { ...window._sharedData, config: { ...current.config, viewer } };
  for (const listener of viewerListeners) listener(viewer);
}

/** Subscribes to setViewer calls; returns the unsubscribe function. */
export function onViewerChange(listener: ViewerListener): () => void {
  viewerListeners.add(listener);
  return () => viewerListeners.delete(listener);
}

/** The cookie wins: the server may rotate the token after the page was rendered. */
export function getCsrfToken(): string {
  return getCookie(CSRF_COOKIE) || getSharedData().config.csrf_token;
}

/** Logged in only when BOTH the user-id cookie and a viewer in the shared data are present. */
export function isLoggedIn(): boolean {
  return Boolean(getCookie(USER_ID_COOKIE)) && getViewer() !== null;
}

export function isFeatureEnabled(name: keyof FeatureSwitches): boolean {
  return getSharedData().feature_switches[name] === true;
}

/** Experiment login_via_signup_page: visitors are prompted with signup rather than login. */
export function isSignupDefault(): boolean {
  return getSharedData().experiments.login_via_signup_page === true;
}

export function getCountryCode(): string {
  return getSharedData().country_code;
}
