import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { UpsellSlot } from '../../../src/features/upsells/UpsellSlot';
import {
  inAppLink,
  pickUpsell,
  type UpsellContext,
} from '../../../src/features/upsells/upsellRules';
import {
  dismissCookieName,
  isDismissed,
  undismiss,
  type DismissName,
} from '../../../src/lib/dismissCookies';
import { DISMISS_COOKIE_MAX_AGE_SECONDS } from '../../../src/lib/tokens';
import { MemoryRouter } from '../../../src/lib/router';

// Accounts-platform §9: every dismiss cookie has the banner or upsell that sets it and honours it.

const base: UpsellContext = {
  loggedIn: true,
  phone: false,
  large: true,
  pathname: '/',
  search: '',
  pushEnabled: false,
  notificationPermission: 'granted',
  saveData: false,
  installOffered: false,
  isDismissed: () => false,
};

const contexts: Record<DismissName, Partial<UpsellContext>> = {
  promotedTraffic: { loggedIn: false, search: '?utm_medium=cpc', pathname: '/demo/' },
  notifications: { pushEnabled: true, notificationPermission: 'default' },
  whitelist: { saveData: true },
  openInApp: { phone: true, large: false, pathname: '/p/BAbc123/' },
  appInstallBanner: { phone: true, large: false, pathname: '/explore/' },
  desktopRegistrationUpsell: { loggedIn: false, pathname: '/demo/' },
  desktopAppUpsell: {},
  // The browser's own install offer: src/app/InstallBanner.tsx; follow-all: FollowAllFriendsCard.
  addToHomescreen: {},
  followAll: {},
};

const banners = Object.keys(contexts).filter(
  (name) => name !== 'addToHomescreen' && name !== 'followAll',
) as DismissName[];

afterEach(() => {
  for (const name of Object.keys(DISMISS_COOKIE_MAX_AGE_SECONDS) as DismissName[]) undismiss(name);
});

describe('dismiss cookies', () => {
  it('names every cookie of the spec, each with its banner here or elsewhere', () => {
    expect(Object.keys(contexts).sort()).toEqual(
      Object.keys(DISMISS_COOKIE_MAX_AGE_SECONDS).sort(),
    );
  });

  it.each(banners)('%s: shown in its context, not while its cookie lives', (name) => {
    const context = { ...base, ...contexts[name] };
    expect(pickUpsell(context)?.name).toBe(name);
    expect(pickUpsell({ ...context, isDismissed: (n) => n === name })?.name).not.toBe(name);
  });

  it('shows none on pages that are not landing pages, nor a member banner to visitors', () => {
    expect(pickUpsell({ ...base, pathname: '/accounts/edit/' })).toBeNull();
    expect(pickUpsell({ ...base, loggedIn: false })).toBeNull();
  });

  it('links a post, a hashtag and a profile to the app', () => {
    expect(inAppLink('/p/BAbc123/')).toBe('glint://media?id=BAbc123');
    expect(inAppLink('/explore/tags/outdoors/')).toBe('glint://tag?name=outdoors');
    expect(inAppLink('/demo/')).toBe('glint://user?username=demo');
    expect(inAppLink('/explore/')).toBeNull();
  });

  it('closing a banner sets its cookie, and it stays away', async () => {
    const view = (
      <MemoryRouter initialEntries={['/demo/?utm_medium=paid']}>
        <UpsellSlot loggedIn={false} installOffered={false} />
      </MemoryRouter>
    );
    const { unmount } = render(view);
    const banner = screen.getByRole('region', { name: 'Welcome to Glint' });
    expect(banner).toHaveTextContent('Sign up');
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Welcome to Glint' })).toBeNull();
    expect(isDismissed('promotedTraffic')).toBe(true);
    expect(document.cookie).toContain(dismissCookieName('promotedTraffic'));
    unmount();
    render(view);
    expect(screen.queryByRole('region', { name: 'Welcome to Glint' })).toBeNull();
  });
});
