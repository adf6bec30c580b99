// The banners and upsells behind the dismiss cookies of accounts-platform §9. Each has the cookie
// it sets when closed and is not shown while that cookie lives. The spec names the cookies and
// their lifetimes, not the banners: what each one offers, and to whom, is chosen here the way a
// photo app's web client does it. At most one shows at a time, in the order of UPSELLS.
import type { DismissName } from '../../lib/dismissCookies';

export interface UpsellContext {
  loggedIn: boolean;
  /** Spec §9 breakpoints: a phone-sized window (up to 735 px), a large one (from 876 px). */
  phone: boolean;
  large: boolean;
  pathname: string;
  search: string;
  /** The push_notifications switch, and the browser's notification permission (null: none). */
  pushEnabled: boolean;
  notificationPermission: NotificationPermission | null;
  /** The browser's data saver (navigator.connection.saveData). */
  saveData: boolean;
  /** The browser offers to install Glint itself: the add-to-home-screen banner covers phones. */
  installOffered: boolean;
  isDismissed: (name: DismissName) => boolean;
}

export type UpsellAction =
  | { kind: 'link'; label: string; href: string }
  | { kind: 'notifications'; label: string }
  | { kind: 'zeroRating'; label: string };

export interface Upsell {
  /** The dismiss cookie it sets and honours. */
  name: DismissName;
  title: string;
  text: string;
  action: UpsellAction | null;
}

/** utm_medium values of paid campaigns: a visitor who came through an ad. */
const PROMOTED_MEDIUMS = new Set(['cpc', 'paid', 'paid_social', 'promoted']);

/** The deep link of the page in the app (the promotions' glint:// scheme), or null. */
export function inAppLink(pathname: string): string | null {
  const post = /^\/p\/([A-Za-z0-9_-]+)\/?$/.exec(pathname);
  if (post) return `glint://media?id=${post[1]}`;
  const tag = /^\/explore\/tags\/([^/]+)\/?$/.exec(pathname);
  if (tag) return `glint://tag?name=${tag[1]}`;
  const user = /^\/(?:_u\/)?([A-Za-z0-9._]+)\/?$/.exec(pathname);
  if (user && !['explore', 'accounts', 'about', 'create', 'stories'].includes(user[1])) {
    return `glint://user?username=${user[1]}`;
  }
  return null;
}

/** Banners show on landing pages only: home, explore, and a profile, post or hashtag page. */
const isHome = (c: UpsellContext) => c.pathname === '/';
const isLanding = (c: UpsellContext) =>
  isHome(c) || c.pathname === '/explore/' || inAppLink(c.pathname) !== null;
const isPhone = (c: UpsellContext) => c.phone;
const isLarge = (c: UpsellContext) => c.large;

type Rule = (c: UpsellContext) => Upsell | null;

const UPSELLS: Rule[] = [
  // A paid campaign's visitor is welcomed once a month.
  (c) => {
    const medium = new URLSearchParams(c.search).get('utm_medium');
    if (c.loggedIn || !medium || !PROMOTED_MEDIUMS.has(medium.toLowerCase())) return null;
    if (!isLanding(c)) return null;
    return {
      name: 'promotedTraffic',
      title: 'Welcome to Glint',
      text: 'Sign up to follow the people you care about and see their photos and stories.',
      action: { kind: 'link', label: 'Sign up', href: '/accounts/emailsignup/' },
    };
  },
  (c) =>
    c.loggedIn && isHome(c) && c.pushEnabled && c.notificationPermission === 'default'
      ? {
          name: 'notifications',
          title: 'Turn on notifications',
          text: 'Know right away when people follow you or like and comment on your posts.',
          action: { kind: 'notifications', label: 'Turn on' },
        }
      : null,
  // Data saver on: offer to keep loading videos (spec §3 zero-rating preference, per media type).
  (c) =>
    c.loggedIn && isHome(c) && c.saveData
      ? {
          name: 'whitelist',
          title: 'Data saver is on',
          text: 'Glint can still play videos on this connection. You can change this later.',
          action: { kind: 'zeroRating', label: 'Play videos' },
        }
      : null,
  (c) => {
    const link = isPhone(c) ? inAppLink(c.pathname) : null;
    return link
      ? {
          name: 'openInApp',
          title: 'Open in the Glint app',
          text: 'See this in the app, with stories and notifications.',
          action: { kind: 'link', label: 'Open', href: link },
        }
      : null;
  },
  (c) =>
    isPhone(c) && (isHome(c) || c.pathname === '/explore/') && !c.installOffered
      ? {
          name: 'appInstallBanner',
          title: 'Get Glint on your home screen',
          text: 'In your browser’s menu, choose “Add to Home Screen” to open Glint in one tap.',
          action: null,
        }
      : null,
  (c) =>
    !c.loggedIn && isLarge(c) && inAppLink(c.pathname)
      ? {
          name: 'desktopRegistrationUpsell',
          title: 'See more on Glint',
          text: 'Sign up to see photos and stories from your friends.',
          action: { kind: 'link', label: 'Sign up', href: '/accounts/emailsignup/' },
        }
      : null,
  (c) =>
    c.loggedIn && isLarge(c) && isHome(c)
      ? {
          name: 'desktopAppUpsell',
          title: 'Take Glint with you',
          text: 'Use the Glint camera to take photos and stories and share them right away.',
          action: { kind: 'link', label: 'Learn more', href: '/about/camera' },
        }
      : null,
];

/** The upsell to show in this context: the first that applies and was not dismissed. */
export function pickUpsell(c: UpsellContext): Upsell | null {
  for (const rule of UPSELLS) {
    const upsell = rule(c);
    if (upsell && !c.isDismissed(upsell.name)) return upsell;
  }
  return null;
}
