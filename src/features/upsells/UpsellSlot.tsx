import { useState } from 'react';
import { setZeroRatingPreference } from '../../api/zeroRating';
import { dismiss, isDismissed } from '../../lib/dismissCookies';
import { Link, useLocation } from '../../lib/router';
import { isFeatureEnabled } from '../../lib/sharedData';
import { LARGE_SCREEN_QUERY, SMALL_SCREEN_MAX } from '../../lib/tokens';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { CloseIcon } from '../../ui/icons';
import { pickUpsell, type Upsell, type UpsellContext } from './upsellRules';
import './upsells.css';

function notificationPermission(): NotificationPermission | null {
  return typeof Notification === 'undefined' ? null : Notification.permission;
}

function saveData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/**
 * The one banner or upsell (upsellRules.ts) this page shows, if any, above its content. The
 * frame tells whether a member is logged in and whether the browser offers to install Glint.
 */
export function UpsellSlot({
  loggedIn,
  installOffered,
}: {
  loggedIn: boolean;
  installOffered: boolean;
}) {
  const location = useLocation();
  const phone = useMediaQuery(`(max-width: ${SMALL_SCREEN_MAX}px)`);
  const large = useMediaQuery(LARGE_SCREEN_QUERY);
  // The cookies are read on every render; a closed banner also hides at once in this page.
  const [closed, setClosed] = useState<string[]>([]);
  const context: UpsellContext = {
    loggedIn,
    phone,
    large,
    pathname: location.pathname,
    search: location.search,
    pushEnabled: isFeatureEnabled('push_notifications'),
    notificationPermission: notificationPermission(),
    saveData: saveData(),
    installOffered,
    isDismissed: (name) => closed.includes(name) || isDismissed(name),
  };
  const upsell = pickUpsell(context);
  if (!upsell) return null;
  const close = () => {
    dismiss(upsell.name);
    setClosed((names) => [...names, upsell.name]);
  };
  return <UpsellBanner upsell={upsell} onClose={close} />;
}

function UpsellBanner({ upsell, onClose }: { upsell: Upsell; onClose: () => void }) {
  const { action } = upsell;
  const act = async () => {
    if (action?.kind === 'notifications') {
      await Notification.requestPermission().catch(() => 'default');
    } else if (action?.kind === 'zeroRating') {
      await setZeroRatingPreference('video').catch(() => undefined);
    }
    // Answered either way: the question is not asked again for the cookie's lifetime.
    onClose();
  };
  return (
    <section className="upsell" aria-label={upsell.title}>
      <div className="upsell__text">
        <p className="upsell__title">{upsell.title}</p>
        <p className="upsell__body">{upsell.text}</p>
      </div>
      {action?.kind === 'link' && action.href.startsWith('/') ? (
        <Link className="btn btn--primary btn--sm" to={action.href}>
          {action.label}
        </Link>
      ) : action?.kind === 'link' ? (
        <a className="btn btn--primary btn--sm" href={action.href}>
          {action.label}
        </a>
      ) : action ? (
        <button type="button" className="btn btn--primary btn--sm" onClick={() => void act()}>
          {action.label}
        </button>
      ) : null}
      <button
        type="button"
        className="icon-button upsell__close"
        aria-label="Not now"
        onClick={onClose}
      >
        <CloseIcon size={16} />
      </button>
    </section>
  );
}
