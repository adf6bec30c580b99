#!/usr/bin/env node
// JavaScript budgets over the build output (`npm test` runs this right after `npm run build`;
// `node scripts/check-budgets.mjs [distDir]` alone). Sizes are gzip -6 of each built file, what a
// compressing host sends, counted the way bench/cases/feed.ts counts them.
//
// - Each lazy route's chunks (its page module's chunk and every chunk that one imports
//   statically, less what the entry already loaded, read from dist/.vite/manifest.json) stay
//   within its size on 2026-11-26 before the move to React Router (commit 3155696) + 10 %.
// - The entry alone stays within the budget for `/` (125 KB). The whole of `/` (the entry plus
//   what a member's or a visitor's home loads after it) is checked in the browser by
//   e2e/budgets.spec.ts, against the same figure.
// A route page missing from the table fails too: a new route comes with its budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const HOME_BUDGET = 125_000;
const GROWTH = 1.1;

/** Route page → its gzip bytes at 3155696 (the last commit with the hand-written router). */
export const ROUTE_BASELINE = new Map([
  // Measured again at stop 32 (3 358; 2 695 at 3155696): the follow requests keep the focus on
  // their list after Confirm or Delete (src/ui/useFocusRescue.ts, a chunk shared with the post
  // page and Apps and websites), and the page names the tab.
  ['src/features/activity/ActivityPage.tsx', 3358],
  // Measured again at stop 32 (842; 756 at 3155696): the page names the tab.
  ['src/features/auth/ChallengePage.tsx', 842],
  ['src/features/auth/ExternalConnectPage.tsx', 8706],
  ['src/features/auth/LoginPage.tsx', 12939],
  ['src/features/auth/PasswordResetConfirmPage.tsx', 2869],
  ['src/features/auth/PasswordResetPage.tsx', 2518],
  // Measured again at stop 35 (854; 775 at 3155696): a dialog returns the focus where its opener
  // asks (useDialogFocus, in a chunk this page shares).
  ['src/features/auth/RegisteredPage.tsx', 854],
  ['src/features/auth/SignupPage.tsx', 13729],
  // Measured again at 3f4225f (35 981): issue 19 added the carousel's uploads, per-photo alt
  // text and the Accessibility section to the details step (32 653 at 3155696). And at stop 36
  // (39 691): Tag people's row, state and configure field (its dialog is a chunk of its own,
  // loaded at the first open), on a page that had grown to 38 930 since.
  ['src/features/create/CreateDetailsPage.tsx', 39691],
  ['src/features/create/CreateStylePage.tsx', 172438],
  ['src/features/create/StoryComposerPage.tsx', 161995],
  ['src/features/embed/EmbedPage.tsx', 3937],
  ['src/features/explore/DiscoverPeoplePage.tsx', 3504],
  ['src/features/explore/ExplorePage.tsx', 5818],
  ['src/features/explore/HashtagPage.tsx', 6814],
  ['src/features/locations/LocationLevelPage.tsx', 9291],
  ['src/features/locations/LocationPage.tsx', 7953],
  ['src/features/locations/LocationsDirectoryPage.tsx', 4631],
  ['src/features/misc/AboutCameraPage.tsx', 486],
  ['src/features/misc/NotFoundPage.tsx', 381],
  ['src/features/post/LikedByPage.tsx', 1514],
  // Measured again at stop 35 (8 133; 7 170 at stop 32, 6 417 at 3155696): the comment list keeps
  // the focus after Delete and Load more (useFocusRescue's shared chunk), the post names the tab,
  // and Delete asks first (the confirm dialog's chunk).
  ['src/features/post/PostPage.tsx', 8133],
  ['src/features/post/ReportPostPage.tsx', 1053],
  ['src/features/profile/CollectionsPage.tsx', 12676],
  // Measured again at stop 36 (13 640; 12 399 at 3155696): the Tagged tab's link, and the private
  // and blocked states in a module of their own (ProfileGate) that the Tagged page shares.
  ['src/features/profile/ProfilePage.tsx', 13640],
  ['src/features/profile/SavedPage.tsx', 12185],
  // New at stop 36 (13 630): a profile's Tagged tab, the same layout and grid as its posts.
  ['src/features/profile/TaggedPage.tsx', 13630],
  // Measured again at stop 35 (4 877; 3 586 at 3155696): the page lists the member's recent
  // searches while its box is empty (their rows' pictures and icons, and their store).
  ['src/features/search/SearchPage.tsx', 4877],
  // Measured again at stop 36, the settings pages that the three below were over by: the settings
  // calls (src/api/settings.ts, 478 bytes) left the entry, where the data-saver upsell's one call
  // had put them all, for a chunk these pages share (ChangePassword 6 470, EditProfile 7 354,
  // ManageApplications 8 715; 5 785, 6 360 and 7 831 before, when the entry carried the calls).
  ['src/features/settings/ChangePasswordPage.tsx', 6470],
  ['src/features/settings/CommentFilteringPage.tsx', 5528],
  ['src/features/settings/ContactsPage.tsx', 7859],
  ['src/features/settings/DeactivatePage.tsx', 7698],
  ['src/features/settings/EditProfilePage.tsx', 7354],
  ['src/features/settings/EmailPreferencesPage.tsx', 5220],
  ['src/features/settings/ManageApplicationsPage.tsx', 8715],
  ['src/features/settings/PrivacyAndSecurityPage.tsx', 5625],
  ['src/features/stories/StoryViewerPage.tsx', 158246],
  // The visitor's home (`/` logged out) loads it after the entry.
  ['src/features/auth/LoggedOutHome.tsx', 10508],
]);

export const routeBudget = (bytes) => Math.ceil(bytes * GROWTH);

/** The page modules src/app/routes.tsx loads lazily. */
function routePages() {
  const source = fs.readFileSync('src/app/routes.tsx', 'utf8');
  return [...source.matchAll(/import\('\.\.\/([^']+)'\)/g)].map((m) => `src/${m[1]}.tsx`);
}

export function checkBudgets(dist = 'dist') {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) {
    return { problems: [`${manifestFile} is missing: run npm run build`], rows: [] };
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const gzip = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 6 }).length;
  const closure = (key, out = new Set()) => {
    if (out.has(key) || !manifest[key]) return out;
    out.add(key);
    for (const next of manifest[key].imports ?? []) closure(next, out);
    return out;
  };
  const entry = closure('index.html');
  const bytesOf = (keys) => [...keys].reduce((n, key) => n + gzip(manifest[key].file), 0);
  const problems = [];
  const rows = [];

  const entryBytes = bytesOf(entry);
  rows.push(['entry (index.html)', entryBytes, HOME_BUDGET]);
  if (entryBytes > HOME_BUDGET) {
    problems.push(`entry: ${entryBytes} bytes gzip > ${HOME_BUDGET}`);
  }
  for (const page of routePages()) {
    if (!ROUTE_BASELINE.has(page)) {
      problems.push(`${page} is a route page with no budget: add it to ROUTE_BASELINE`);
    }
  }
  // A page that other chunks import too (NotFoundPage) is a shared chunk named after it.
  const keyOf = (page) =>
    manifest[page]
      ? page
      : Object.keys(manifest).find(
          (key) => key.startsWith('_') && manifest[key].name === path.basename(page, '.tsx'),
        );
  for (const [page, baseline] of ROUTE_BASELINE) {
    const key = keyOf(page);
    if (!key) {
      problems.push(`${page} is not a chunk of the build any more: update ROUTE_BASELINE`);
      continue;
    }
    const bytes = bytesOf([...closure(key)].filter((k) => !entry.has(k)));
    const budget = routeBudget(baseline);
    rows.push([page, bytes, budget]);
    if (bytes > budget) {
      problems.push(`${page}: ${bytes} bytes gzip > ${budget} (${baseline} + 10 %)`);
    }
  }
  return { problems, rows };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { problems, rows } = checkBudgets(process.argv[2] ?? 'dist');
  for (const [name, bytes, budget] of rows) {
    console.log(`${String(bytes).padStart(8)} / ${String(budget).padStart(8)}  ${name}`);
  }
  if (problems.length) {
    console.error(`\nOver budget:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`\n${rows.length} budgets kept.`);
}
