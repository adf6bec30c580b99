import { matchRoutes, type RouteObject } from '../lib/router';
import HomePage from '../features/feed/HomePage';
import { withPostModal } from '../features/post/ModalRouteOutlet';
import { AppLayout } from './AppLayout';
import { requireMember, requireStories, requireVisitor } from './guards';
import { lazyPage } from './lazyPage';
import { PageLoading } from './PageLoading';
import type { RouteHandle } from './routeHandle';
import { RouteErrorPage } from './RouteErrorPage';

const auth: RouteHandle = { chrome: 'auth' };
const immersive: RouteHandle = { chrome: 'immersive' };

/** The settings pages, inside the settings layout (`SettingsLayout`). */
const SETTINGS_ROUTES: RouteObject[] = [
  {
    path: 'accounts/edit',
    ...lazyPage(() => import('../features/settings/EditProfilePage')),
  },
  {
    path: 'accounts/password/change',
    ...lazyPage(() => import('../features/settings/ChangePasswordPage')),
  },
  {
    path: 'accounts/privacy_and_security',
    ...lazyPage(() => import('../features/settings/PrivacyAndSecurityPage')),
  },
  {
    path: 'emails/settings',
    ...lazyPage(() => import('../features/settings/EmailPreferencesPage')),
  },
  {
    path: 'accounts/comment_filter',
    ...lazyPage(() => import('../features/settings/CommentFilteringPage')),
  },
  {
    path: 'accounts/manage_access',
    ...lazyPage(() => import('../features/settings/ManageApplicationsPage')),
  },
  {
    path: 'accounts/contact_history',
    ...lazyPage(() => import('../features/settings/ContactsPage')),
  },
  {
    path: 'accounts/deactivate',
    ...lazyPage(() => import('../features/settings/DeactivatePage')),
  },
];

/**
 * Every route of both specs. Paths the specs leave open are chosen here (settings pages, story
 * composer …). Static segments outrank dynamic ones, so /explore/… never reaches /:username/.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppLayout,
    ErrorBoundary: RouteErrorPage,
    // The page area while the first page's code downloads (lib/router's Outlet).
    HydrateFallback: PageLoading,
    // Any page can sit under a post modal opened with state.backgroundLocation (content §2).
    children: withPostModal([
      {
        index: true,
        handle: { chrome: 'app', visitorChrome: 'auth' } satisfies RouteHandle,
        // Not code-split: / is where members and visitors land, so the feed ships with the entry
        // (one file, no second round trip before the first post can load).
        Component: HomePage,
      },

      // ── Accounts (accounts-platform §2) ──────────────────────────────────────────────────
      {
        path: 'accounts/login',
        loader: requireVisitor,
        handle: auth,
        ...lazyPage(() => import('../features/auth/LoginPage')),
      },
      {
        path: 'accounts/emailsignup',
        loader: requireVisitor,
        handle: auth,
        ...lazyPage(() => import('../features/auth/SignupPage')),
      },
      {
        path: 'accounts/password/reset',
        loader: requireVisitor,
        handle: auth,
        ...lazyPage(() => import('../features/auth/PasswordResetPage')),
      },
      {
        // The page the reset link opens; it works logged in or out.
        path: 'accounts/password/reset/confirm',
        handle: auth,
        ...lazyPage(() => import('../features/auth/PasswordResetConfirmPage')),
      },
      {
        path: 'accounts/registered',
        handle: auth,
        ...lazyPage(() => import('../features/auth/RegisteredPage')),
      },
      {
        path: 'accounts/connect/external',
        loader: requireMember,
        handle: auth,
        ...lazyPage(() => import('../features/auth/ExternalConnectPage')),
      },
      {
        path: 'challenge',
        handle: auth,
        ...lazyPage(() => import('../features/auth/ChallengePage')),
      },
      {
        path: 'accounts/activity',
        loader: requireMember,
        ...lazyPage(() => import('../features/activity/ActivityPage')),
      },
      {
        // Its own chunk, like the pages in it: neither a visitor's nor a member's home needs it.
        // The page inside starts downloading beside it, not once it has rendered.
        lazy: () => {
          void matchRoutes(SETTINGS_ROUTES, window.location.pathname)?.[0]
            ?.route.lazy?.()
            .catch(() => undefined);
          return import('./SettingsLayout').then((m) => ({ Component: m.SettingsLayout }));
        },
        loader: requireMember,
        children: SETTINGS_ROUTES,
      },

      // ── Explore, search, hashtags, locations (content §2) ───────────────────────────────
      { path: 'explore', ...lazyPage(() => import('../features/explore/ExplorePage')) },
      { path: 'explore/search', ...lazyPage(() => import('../features/search/SearchPage')) },
      {
        path: 'explore/people',
        loader: requireMember,
        ...lazyPage(() => import('../features/explore/DiscoverPeoplePage')),
      },
      { path: 'explore/tags/:tag', ...lazyPage(() => import('../features/explore/HashtagPage')) },
      {
        path: 'explore/locations',
        ...lazyPage(() => import('../features/locations/LocationsDirectoryPage')),
      },
      {
        // A country code (US), a city id (c123…) or a location id: the page tells them apart.
        path: 'explore/locations/:directoryId',
        ...lazyPage(() => import('../features/locations/LocationLevelPage')),
      },
      {
        path: 'explore/locations/:locationId/:slug',
        ...lazyPage(() => import('../features/locations/LocationPage')),
      },

      // ── Posts ──────────────────────────────────────────────────────────────────────────
      { path: 'p/:shortcode', ...lazyPage(() => import('../features/post/PostPage')) },
      { path: 'p/:shortcode/liked_by', ...lazyPage(() => import('../features/post/LikedByPage')) },
      {
        path: 'p/:shortcode/embed',
        handle: immersive,
        ...lazyPage(() => import('../features/embed/EmbedPage')),
      },
      {
        path: 'media/:mediaId/flag',
        loader: requireMember,
        ...lazyPage(() => import('../features/post/ReportPostPage')),
      },

      // ── Stories and creation ───────────────────────────────────────────────────────────
      {
        path: 'stories/:username',
        loader: requireStories,
        handle: immersive,
        ...lazyPage(() => import('../features/stories/StoryViewerPage')),
      },
      {
        path: 'create/style',
        loader: requireMember,
        ...lazyPage(() => import('../features/create/CreateStylePage')),
      },
      {
        path: 'create/details',
        loader: requireMember,
        ...lazyPage(() => import('../features/create/CreateDetailsPage')),
      },
      {
        path: 'create/story',
        loader: requireStories,
        handle: immersive,
        ...lazyPage(() => import('../features/create/StoryComposerPage')),
      },
      { path: 'about/camera', ...lazyPage(() => import('../features/misc/AboutCameraPage')) },

      // ── Profiles (after every static path) ─────────────────────────────────────────────
      { path: '_u/:username', ...lazyPage(() => import('../features/profile/ProfilePage')) },
      { path: ':username', ...lazyPage(() => import('../features/profile/ProfilePage')) },
      {
        path: ':username/collections',
        ...lazyPage(() => import('../features/profile/CollectionsPage')),
      },
      { path: ':username/tagged', ...lazyPage(() => import('../features/profile/TaggedPage')) },
      {
        path: ':username/saved',
        loader: requireMember,
        ...lazyPage(() => import('../features/profile/SavedPage')),
      },

      { path: '*', ...lazyPage(() => import('../features/misc/NotFoundPage')) },
    ]),
  },
];
