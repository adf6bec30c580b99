import type { RouteObject } from '../lib/router';
import HomePage from '../features/feed/HomePage';
import { withPostModal } from '../features/post/ModalRouteOutlet';
import { AppLayout } from './AppLayout';
import { requireMember, requireStories, requireVisitor } from './guards';
import { lazyPage } from './lazyPage';
import { PageLoading } from './PageLoading';
import type { RouteHandle } from './routeHandle';
import { RouteErrorPage } from './RouteErrorPage';
import { SettingsLayout } from './SettingsLayout';

const auth: RouteHandle = { chrome: 'auth' };
const immersive: RouteHandle = { chrome: 'immersive' };

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
        handle: { ...auth, title: 'Log in' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/auth/LoginPage')),
      },
      {
        path: 'accounts/emailsignup',
        loader: requireVisitor,
        handle: { ...auth, title: 'Sign up' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/auth/SignupPage')),
      },
      {
        path: 'accounts/password/reset',
        loader: requireVisitor,
        handle: { ...auth, title: 'Reset password' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/auth/PasswordResetPage')),
      },
      {
        // The page the reset link opens; it works logged in or out.
        path: 'accounts/password/reset/confirm',
        handle: { ...auth, title: 'Choose a new password' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/auth/PasswordResetConfirmPage')),
      },
      {
        path: 'accounts/registered',
        handle: { ...auth, title: 'Welcome to Glint' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/auth/RegisteredPage')),
      },
      {
        path: 'accounts/connect/external',
        loader: requireMember,
        handle: { ...auth, title: 'Connect your account' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/auth/ExternalConnectPage')),
      },
      {
        path: 'challenge',
        handle: { ...auth, title: 'Security check' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/auth/ChallengePage')),
      },
      {
        path: 'accounts/activity',
        handle: { title: 'Activity' } satisfies RouteHandle,
        loader: requireMember,
        ...lazyPage(() => import('../features/activity/ActivityPage')),
      },
      {
        Component: SettingsLayout,
        loader: requireMember,
        children: [
          {
            path: 'accounts/edit',
            handle: { title: 'Edit profile' } satisfies RouteHandle,
            ...lazyPage(() => import('../features/settings/EditProfilePage')),
          },
          {
            path: 'accounts/password/change',
            handle: { title: 'Change password' } satisfies RouteHandle,
            ...lazyPage(() => import('../features/settings/ChangePasswordPage')),
          },
          {
            path: 'accounts/privacy_and_security',
            handle: { title: 'Privacy and security' } satisfies RouteHandle,
            ...lazyPage(() => import('../features/settings/PrivacyAndSecurityPage')),
          },
          {
            path: 'emails/settings',
            handle: { title: 'Email preferences' } satisfies RouteHandle,
            ...lazyPage(() => import('../features/settings/EmailPreferencesPage')),
          },
          {
            path: 'accounts/comment_filter',
            handle: { title: 'Comments' } satisfies RouteHandle,
            ...lazyPage(() => import('../features/settings/CommentFilteringPage')),
          },
          {
            path: 'accounts/manage_access',
            handle: { title: 'Apps and websites' } satisfies RouteHandle,
            ...lazyPage(() => import('../features/settings/ManageApplicationsPage')),
          },
          {
            path: 'accounts/contact_history',
            handle: { title: 'Contacts' } satisfies RouteHandle,
            ...lazyPage(() => import('../features/settings/ContactsPage')),
          },
          {
            path: 'accounts/deactivate',
            handle: { title: 'Deactivate account' } satisfies RouteHandle,
            ...lazyPage(() => import('../features/settings/DeactivatePage')),
          },
        ],
      },

      // ── Explore, search, hashtags, locations (content §2) ───────────────────────────────
      {
        path: 'explore',
        handle: { title: 'Explore' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/explore/ExplorePage')),
      },
      {
        path: 'explore/search',
        handle: { title: 'Search' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/search/SearchPage')),
      },
      {
        path: 'explore/people',
        handle: { title: 'Discover people' } satisfies RouteHandle,
        loader: requireMember,
        ...lazyPage(() => import('../features/explore/DiscoverPeoplePage')),
      },
      {
        path: 'explore/tags/:tag',
        handle: { title: 'Hashtag' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/explore/HashtagPage')),
      },
      {
        path: 'explore/locations',
        handle: { title: 'Locations' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/locations/LocationsDirectoryPage')),
      },
      {
        // A country code (US), a city id (c123…) or a location id: the page tells them apart.
        path: 'explore/locations/:directoryId',
        handle: { title: 'Locations' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/locations/LocationLevelPage')),
      },
      {
        path: 'explore/locations/:locationId/:slug',
        handle: { title: 'Location' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/locations/LocationPage')),
      },

      // ── Posts ──────────────────────────────────────────────────────────────────────────
      {
        path: 'p/:shortcode',
        handle: { title: 'Post' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/post/PostPage')),
      },
      {
        path: 'p/:shortcode/liked_by',
        handle: { title: 'Likes' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/post/LikedByPage')),
      },
      {
        path: 'p/:shortcode/embed',
        handle: { ...immersive, title: 'Post' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/embed/EmbedPage')),
      },
      {
        path: 'media/:mediaId/flag',
        handle: { title: 'Report' } satisfies RouteHandle,
        loader: requireMember,
        ...lazyPage(() => import('../features/post/ReportPostPage')),
      },

      // ── Stories and creation ───────────────────────────────────────────────────────────
      {
        path: 'stories/:username',
        loader: requireStories,
        handle: { ...immersive, title: 'Stories' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/stories/StoryViewerPage')),
      },
      {
        path: 'create/style',
        handle: { title: 'New post' } satisfies RouteHandle,
        loader: requireMember,
        ...lazyPage(() => import('../features/create/CreateStylePage')),
      },
      {
        path: 'create/details',
        handle: { title: 'New post' } satisfies RouteHandle,
        loader: requireMember,
        ...lazyPage(() => import('../features/create/CreateDetailsPage')),
      },
      {
        path: 'create/story',
        loader: requireStories,
        handle: { ...immersive, title: 'New story' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/create/StoryComposerPage')),
      },
      {
        path: 'about/camera',
        handle: { title: 'Camera' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/misc/AboutCameraPage')),
      },

      // ── Profiles (after every static path) ─────────────────────────────────────────────
      {
        path: '_u/:username',
        handle: { title: 'Profile' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/profile/ProfilePage')),
      },
      {
        path: ':username',
        handle: { title: 'Profile' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/profile/ProfilePage')),
      },
      {
        path: ':username/collections',
        handle: { title: 'Collections' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/profile/CollectionsPage')),
      },
      {
        path: ':username/saved',
        handle: { title: 'Saved' } satisfies RouteHandle,
        loader: requireMember,
        ...lazyPage(() => import('../features/profile/SavedPage')),
      },

      {
        path: '*',
        handle: { title: 'Page not found' } satisfies RouteHandle,
        ...lazyPage(() => import('../features/misc/NotFoundPage')),
      },
    ]),
  },
];
