// Test helpers: put the page in the logged-in or logged-out state the server would render, and
// show the router's current location so tests can assert navigation the way a user sees the URL.
import { useLocation } from '../../../src/lib/router';
import type { FeatureSwitches, WireViewer } from '../../../src/api/types';

export const viewerFixture: WireViewer = {
  id: '101',
  username: 'ava.lindqvist',
  full_name: 'Ava Lindqvist',
  biography: '',
  external_url: '',
  profile_pic_url: '',
  profile_pic_url_hd: '',
  has_profile_pic: false,
  is_verified: false,
  is_private: false,
  is_business: false,
  country_block: false,
  connected_fb_page: null,
  edge_followed_by: { count: 0 },
  edge_follow: { count: 0 },
  edge_owner_to_timeline_media: { count: 0 },
  edge_saved_media: { count: 0 },
};

function setUserIdCookie(present: boolean): void {
  document.cookie = present
    ? 'ds_user_id=101; path=/'
    : 'ds_user_id=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
}

export function setSession({ cookie, viewer }: { cookie: boolean; viewer: boolean }): void {
  setUserIdCookie(cookie);
  window._sharedData = {
    config: { viewer: viewer ? viewerFixture : null, csrf_token: 'test-token' },
    // As the reference server sends them by default.
    feature_switches: { stories: true, filters: true } as FeatureSwitches,
  };
}

export function setMember(): void {
  setSession({ cookie: true, viewer: true });
}

export function setVisitor(): void {
  setSession({ cookie: false, viewer: false });
}

export function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

// jsdom has no scrolling; React Router's <ScrollRestoration> calls window.scrollTo on navigation.
window.scrollTo = () => {};
