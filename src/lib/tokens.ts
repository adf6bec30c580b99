// Design tokens and business constants from the specs (accounts-platform §9, content §9).
// Names follow the specs; values are the specs' numbers.

// ── Layout ──────────────────────────────────────────────────────────────────────────────────
/** Style-sheet breakpoints (px), in ascending order. */
export const BREAKPOINTS = [413, 500, 735, 736, 768, 876] as const;
export const SMALL_SCREEN_MIN = 414;
export const SMALL_SCREEN_MAX = 735;
export const MEDIUM_SCREEN_MIN = 736;
export const MEDIUM_SCREEN_MAX = 875;
export const LARGE_SCREEN_MIN = 876;
export const SMALL_SCREEN_QUERY = `(min-width: ${SMALL_SCREEN_MIN}px) and (max-width: ${SMALL_SCREEN_MAX}px)`;
export const MEDIUM_SCREEN_QUERY = `(min-width: ${MEDIUM_SCREEN_MIN}px) and (max-width: ${MEDIUM_SCREEN_MAX}px)`;
export const LARGE_SCREEN_QUERY = `(min-width: ${LARGE_SCREEN_MIN}px)`;

export const FEED_WIDTH = 614;
export const CONFIRM_DIALOG_WIDTH = 330;
/** Shared by the search dropdown and the notification dropdown. */
export const DROPDOWN_MAX_HEIGHT = 362;
export const SEARCH_DROPDOWN_MAX_HEIGHT = DROPDOWN_MAX_HEIGHT;
export const NOTIFICATION_DROPDOWN_MAX_HEIGHT = DROPDOWN_MAX_HEIGHT;
export const NOTIFICATION_DROPDOWN_WIDTH = 500;
export const PROMOTION_IMAGE_SIZE = 72;
export const PROMO_BANNER_MAX_WIDTH = 614;

// ── Timing ──────────────────────────────────────────────────────────────────────────────────
export const TOAST_DURATION_MS = 5000;
export const REQUEST_TIMEOUT_MS = 10_000;
export const UPLOAD_TIMEOUT_MS = 120_000;
/** The one slower non-upload operation the spec names (30 s): post and story configure. */
export const OTHER_TIMEOUT_MS = 30_000;
/** Search and nav scroll handlers. */
export const SCROLL_THROTTLE_MS = 250;
export const SEARCH_THROTTLE_MS = 250;
export const EXTERNAL_LOGIN_STATUS_INTERVAL_MS = 300_000;
export const EXTERNAL_LOGIN_STATUS_TIMEOUT_MS = 5000;
export const DISPLAY_PROPERTY_POLL_MS = 1000;
export const STORY_IMAGE_DURATION_MS = 5000;
export const STORY_ANALYTICS_TICK_MS = 100;

// ── Telemetry ───────────────────────────────────────────────────────────────────────────────
export const EVENT_BATCH_DELAY_MS = 10_000;
export const EVENT_BATCH_LIMITS = [1000, 1000] as const;
export const EVENT_SESSION_GAP_MS = 3 * 60_000;
export const DEVICE_INFO_INTERVAL_MS = 12 * 3600_000;
export const STORED_EVENTS_RETENTION_MS = 24 * 3600_000;
export const IMAGE_VIEW_THRESHOLD_MS = 250;
/** Uncaught errors are always reported on canary, otherwise sampled. */
export const ERROR_REPORT_SAMPLE_RATE = 0.1;
export const ROUTE_MATCH_CACHE_MAX = 10_000;

// ── Cookies ─────────────────────────────────────────────────────────────────────────────────
const DAY_SECONDS = 24 * 3600;
/** Cookies default to a max age of about one year. */
export const COOKIE_DEFAULT_MAX_AGE_SECONDS = 365 * DAY_SECONDS;
/** Dismiss-cookie lifetimes in seconds; null = never expires (kept for the default max age). */
export const DISMISS_COOKIE_MAX_AGE_SECONDS = {
  appInstallBanner: 14 * DAY_SECONDS,
  openInApp: null,
  desktopRegistrationUpsell: DAY_SECONDS,
  desktopAppUpsell: DAY_SECONDS,
  addToHomescreen: 30 * DAY_SECONDS,
  whitelist: 2 * DAY_SECONDS,
  followAll: 14 * DAY_SECONDS,
  promotedTraffic: 30 * DAY_SECONDS,
  notifications: 14 * DAY_SECONDS,
} as const;

// ── External login ──────────────────────────────────────────────────────────────────────────
export const EXTERNAL_LOGIN_SDK_VERSION = 'v2.2';
export const EXTERNAL_LOGIN_SCOPE = 'email';
export const EXCLUDED_EXTERNAL_LOGIN_COUNTRIES: readonly string[] = ['CN', 'IR', 'CU', 'KP'];

// ── Page sizes (content §9) ─────────────────────────────────────────────────────────────────
export const FEED_PAGE_SIZE = 12;
export const FEED_COMMENTS_PER_POST = 4;
export const COMMENTS_PAGE_SIZE = 20;
export const EMBED_PAGE_SIZE = 12;
export const DISCOVER_PAGE_SIZE = 24;
export const COLLECTIONS_PAGE_SIZE = 12;
export const TAG_PAGE_SIZE = 12;
export const LOCATION_PAGE_SIZE = 12;
export const PROFILE_PAGE_SIZE = 12;
export const SAVED_PAGE_SIZE = 12;
export const COLLECTION_POSTS_PAGE_SIZE = 12;
export const LIKERS_PAGE_SIZE = 10;
export const FOLLOW_LIST_PAGE_SIZE = 10;
export const FOLLOWERS_PAGE_SIZE = FOLLOW_LIST_PAGE_SIZE;
export const FOLLOWING_PAGE_SIZE = FOLLOW_LIST_PAGE_SIZE;
export const SUGGESTED_USERS_PAGE_SIZE = 20;
export const SUGGESTED_USERS_MEDIA_COUNT = 0;
/** Pages preloaded ahead of the visible one. */
export const COMMENTS_PRELOAD_PAGES = 1;
export const FEED_PRELOAD_PAGES = 0;
export const LIKERS_PRELOAD_PAGES = 1;
export const FOLLOW_LIST_PRELOAD_PAGES = 1;
/** The likers summary names up to this many people, then a count. */
export const LIKERS_SUMMARY_MAX_NAMES = 10;
/** The follow-request badge shows "10+" above this. */
export const FOLLOW_REQUEST_BADGE_MAX = 10;

// ── Stories ─────────────────────────────────────────────────────────────────────────────────
export const REEL_BATCH_SIZE = 15;
export const REEL_FETCH_DISTANCE = 15;
export const REEL_PRELOAD_AHEAD = 2;
export const REEL_PRELOAD_BEHIND = 1;
/** Story text colours, in the spec's order; the default is white. */
export const STORY_TEXT_COLORS = [
  { name: 'yellow', value: '#fdcb5c' },
  { name: 'orange', value: '#fd8d32' },
  { name: 'pink', value: '#d10869' },
  { name: 'purple', value: '#a307ba' },
  { name: 'blue', value: '#3897f0' },
  { name: 'green', value: '#70c050' },
  { name: 'black', value: '#000000' },
  { name: 'white', value: '#ffffff' },
] as const;
export type StoryTextColorName = (typeof STORY_TEXT_COLORS)[number]['name'];
export const STORY_DEFAULT_TEXT_COLOR: StoryTextColorName = 'white';
export const STORY_CANVAS_CONSTANT = 22;
/** "52 over 22 minus a tiny epsilon" so rounding never overflows the canvas. */
export const STORY_CANVAS_RATIO = 52 / 22 - 1e-6;
export const STORY_CANVAS_WIDTH = 1080;
export const STORY_CANVAS_HEIGHT = 1920;

// ── Media ───────────────────────────────────────────────────────────────────────────────────
/** Photos are exported as JPEG with this long side. */
export const PHOTO_EXPORT_SIZE = 1080;
export const PHOTO_EXPORT_MIME = 'image/jpeg';
