import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SharedData, WireViewer } from '../../../src/api/types';
import { deleteCookie, setCookie } from '../../../src/lib/cookies';
import {
  getCsrfToken,
  getSharedData,
  getViewer,
  isFeatureEnabled,
  isLoggedIn,
  isSignupDefault,
  onViewerChange,
  setViewer,
} from '../../../src/lib/sharedData';

const viewer: WireViewer = {
  id: '1',
  username: 'demo',
  full_name: 'Demo',
  biography: '',
  external_url: '',
  profile_pic_url: '/media/a/1/150.jpg',
  profile_pic_url_hd: '/media/a/1/320.jpg',
  has_profile_pic: true,
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

function pageData(overrides: Partial<SharedData> = {}): Partial<SharedData> {
  return { config: { viewer, csrf_token: 'page-token' }, country_code: 'US', ...overrides };
}

beforeEach(() => {
  delete window._sharedData;
});

afterEach(() => {
  deleteCookie('ds_user_id');
  deleteCookie('csrftoken');
  delete window._sharedData;
});

describe('getSharedData', () => {
  it('gives logged-out defaults when the page has no data', () => {
    const data = getSharedData();
    expect(data.config).toEqual({ viewer: null, csrf_token: '' });
    expect(data.feature_switches.stories).toBe(false);
    expect(data.experiments.login_via_signup_page).toBe(false);
    expect(getViewer()).toBeNull();
  });

  it('reads the page data and fills missing switches', () => {
    window._sharedData = pageData({
      feature_switches: { stories: true } as SharedData['feature_switches'],
    });
    expect(getViewer()?.username).toBe('demo');
    expect(isFeatureEnabled('stories')).toBe(true);
    expect(isFeatureEnabled('filters')).toBe(false);
  });

  it("reads the server's JSON data block once (no inline script runs under the CSP)", () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'shared-data';
    // As the server escapes it: `<` never appears raw inside the element.
    block.textContent = JSON.stringify(pageData()).replace(/</g, '\\u003c');
    document.body.append(block);
    try {
      expect(getViewer()?.username).toBe('demo');
      block.textContent = '{}';
      expect(getSharedData().country_code).toBe('US');
    } finally {
      block.remove();
    }
  });
});

describe('isLoggedIn', () => {
  it('needs both the user-id cookie and a viewer', () => {
    expect(isLoggedIn()).toBe(false);
    window._sharedData = pageData();
    expect(isLoggedIn()).toBe(false);
    setCookie('ds_user_id', '1');
    expect(isLoggedIn()).toBe(true);
    window._sharedData = pageData({ config: { viewer: null, csrf_token: 't' } });
    expect(isLoggedIn()).toBe(false);
  });

  it('follows setViewer after an in-page login and logout', () => {
    setCookie('ds_user_id', '1');
    const seen: (string | null)[] = [];
    const stop = onViewerChange((v) => seen.push(v?.username ?? null));
    setViewer(viewer);
    expect(isLoggedIn()).toBe(true);
    setViewer(null);
    expect(isLoggedIn()).toBe(false);
    stop();
    setViewer(viewer);
    expect(seen).toEqual(['demo', null]);
  });
});

describe('getCsrfToken', () => {
  it('prefers the cookie, else the page data', () => {
    window._sharedData = pageData();
    expect(getCsrfToken()).toBe('page-token');
    setCookie('csrftoken', 'cookie-token');
    expect(getCsrfToken()).toBe('cookie-token');
  });
});

describe('isSignupDefault', () => {
  it('follows the login_via_signup_page experiment', () => {
    expect(isSignupDefault()).toBe(false);
    window._sharedData = pageData({ experiments: { login_via_signup_page: true } });
    expect(isSignupDefault()).toBe(true);
  });
});
