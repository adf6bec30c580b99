/**
 * The addresses of Glint, in one place: which paths are pages (the client's routes,
 * src/app/routes.tsx, served as the app with status 200), which belong to the API or to static
 * files (unknown ones answer 404 JSON, never the app), and which the dev server forwards to the
 * reference server. server/routes/pages.ts and vite.config.ts read it;
 * tests/unit/app/routeTable.test.ts checks it against the client's route table.
 */

/** Built files served from the root of dist/ (see pageRoutes). */
export const ROOT_FILES = [
  'sw.js',
  'manifest.webmanifest',
  'icon.svg',
  'icon-192.png',
  'icon-512.png',
];

// Paths that belong to the API (or static files): unknown ones answer 404 JSON, never the app.
const API_PATHS = [
  /^\/(api|graphql|web|dev|fb|oauth|media|qp|zr|push|ajax|location_search|client_error)(\/|$)/,
  /^\/(assets|lab)(\/|$)/,
  new RegExp(`^/(${ROOT_FILES.join('|').replaceAll('.', '\\.')})$`),
  /^\/stories\/reel(\/|$)/,
  /^\/accounts\/[^?]*ajax/,
  /^\/create\/(?!(style|details|story|crop)\/?$)/,
];

const USERNAME = '[A-Za-z0-9._]{1,30}';
/** /p/{shortcode}/embed/: the one page other sites may frame. */
export const EMBED_PAGE = /^\/p\/[^/]+\/embed\/?$/;
/** /media/{mediaId}/flag/ is a page (report a post) under the media files' prefix. */
export const REPORT_PAGE = /^\/media\/[0-9]+\/flag\/$/;
// Page routes of both specs (GET), and the email preferences page the settings menu links to. Anything else that is not an API path still gets the app (its
// router shows a not-found page), but with status 404.
const PAGE_PATHS = [
  /^\/$/,
  /^\/accounts\/[a-z0-9_/-]*$/,
  /^\/emails\/settings\/$/,
  /^\/explore\/(search\/|people\/|tags\/[^/]+\/|locations\/([^/]+\/){0,3})?$/,
  /^\/p\/[^/]+\/(liked_by\/|embed\/)?$/,
  REPORT_PAGE,
  /^\/stories\/[^/]+\/([0-9]+\/)?$/,
  /^\/create\/(style|details|story|crop)\/$/,
  /^\/about\/camera\/$/,
  new RegExp(`^/_u/${USERNAME}/$`),
  new RegExp(`^/${USERNAME}/(collections/([^/]+/)?|saved/|tagged/|followers/|following/)?$`),
];

export const isApiPath = (p: string) =>
  !REPORT_PAGE.test(p) && !REPORT_PAGE.test(`${p}/`) && API_PATHS.some((re) => re.test(p));
export const isPagePath = (p: string) => PAGE_PATHS.some((re) => re.test(p) || re.test(`${p}/`));

/** Paths `npm run dev` forwards to the reference server (page loads under them stay Vite's). */
export const DEV_PROXY =
  '^/(accounts/.*ajax|graphql|web|create|media|api|dev|fb|oauth|push|zr|qp|stories/reel|location_search|explore/locations/.+/?$|ajax|client_error)';
