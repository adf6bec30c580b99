import { Suspense, useId, useRef } from 'react';
import { NavLink } from '../../lib/router';
import { useSnapshot } from 'valtio';
import type { WireViewer } from '../../api/types';
import { closeNavOverlays, toggleActivityPopup, toggleProfileMenu, uiState } from '../../state/ui';
import { Avatar } from '../../ui/Avatar';
import { ExploreIcon, HeartIcon, HomeIcon, NewPostIcon } from '../../ui/icons';
import { lazyComponent } from '../lazyComponent';
import { ActivityPopup } from './ActivityPopup';
import { UnseenActivityDot, useUnseenActivityDescription } from './UnseenActivityDot';
import { useDismiss } from './useDismiss';
import { NewPostButton, useNewPostDrop } from '../../features/create/NewPostButton';

const ProfileMenu = lazyComponent(() => import('./ProfileMenu').then((m) => m.ProfileMenu), {
  onLoadFailed: closeNavOverlays,
});

/** The photo creation flow's first route (the nav's "New post" opens a file picker first). */
export const NEW_POST_PATH = '/create/style/';

export function MemberNavItems({ viewer }: { viewer: WireViewer }) {
  const { activityPopupOpen, profileMenuOpen } = useSnapshot(uiState);
  const activityRef = useRef<HTMLDivElement>(null);
  const profileRef = useRef<HTMLDivElement>(null);
  const activityId = useId();
  const profileMenuId = useId();
  const dotId = useId();
  const activityDescription = useUnseenActivityDescription(viewer, dotId);
  useDismiss(activityRef, activityPopupOpen, closeNavOverlays);
  useDismiss(profileRef, profileMenuOpen, closeNavOverlays);
  useNewPostDrop();

  return (
    <nav className="nav__actions" aria-label="Main">
      <NavLink to="/" end className="nav__icon" aria-label="Home">
        {({ isActive }) => <HomeIcon filled={isActive} />}
      </NavLink>
      <NavLink to="/explore/" end className="nav__icon" aria-label="Explore">
        {({ isActive }) => <ExploreIcon filled={isActive} />}
      </NavLink>
      <NewPostButton className="nav__icon">
        <NewPostIcon />
      </NewPostButton>
      <div className="nav__popover-anchor" ref={activityRef}>
        <button
          type="button"
          className="nav__icon"
          aria-label="Activity"
          aria-describedby={activityDescription}
          aria-expanded={activityPopupOpen}
          aria-controls={activityPopupOpen ? activityId : undefined}
          onClick={toggleActivityPopup}
        >
          <HeartIcon filled={activityPopupOpen} />
          <UnseenActivityDot viewer={viewer} id={dotId} />
        </button>
        {activityPopupOpen ? <ActivityPopup id={activityId} /> : null}
      </div>
      <div className="nav__popover-anchor" ref={profileRef}>
        <button
          type="button"
          className={
            profileMenuOpen ? 'nav__icon nav__avatar nav__avatar--open' : 'nav__icon nav__avatar'
          }
          aria-label="Profile"
          aria-expanded={profileMenuOpen}
          aria-controls={profileMenuOpen ? profileMenuId : undefined}
          onClick={toggleProfileMenu}
          onPointerEnter={ProfileMenu.preload}
          onFocus={ProfileMenu.preload}
        >
          <Avatar
            src={viewer.profile_pic_url || null}
            username={viewer.username}
            size={26}
            decorative
          />
        </button>
        {profileMenuOpen ? (
          <Suspense fallback={null}>
            <ProfileMenu id={profileMenuId} viewer={viewer} />
          </Suspense>
        ) : null}
      </div>
    </nav>
  );
}
