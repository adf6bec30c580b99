import { useId } from 'react';
import { NavLink } from '../../lib/router';
import type { WireViewer } from '../../api/types';
import { Avatar } from '../../ui/Avatar';
import { HeartIcon, HomeIcon, NewPostIcon, SearchIcon } from '../../ui/icons';
import { NewPostButton } from '../../features/create/NewPostButton';
import { UnseenActivityDot, useUnseenActivityDescription } from './UnseenActivityDot';

/** Spec §2 navigation sections on mobile: home, search/explore, camera, activity, own profile. */
export function MobileTabBar({ viewer }: { viewer: WireViewer }) {
  const tabClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'tab tab--active' : 'tab');
  const dotId = useId();
  const activityDescription = useUnseenActivityDescription(viewer, dotId);
  return (
    <nav className="tab-bar" aria-label="Sections">
      <NavLink to="/" end className={tabClass} aria-label="Home">
        {({ isActive }) => <HomeIcon filled={isActive} />}
      </NavLink>
      <NavLink to="/explore/" className={tabClass} aria-label="Explore">
        <SearchIcon />
      </NavLink>
      <NewPostButton className="tab">
        <NewPostIcon />
      </NewPostButton>
      <NavLink
        to="/accounts/activity"
        className={tabClass}
        aria-label="Activity"
        aria-describedby={activityDescription}
      >
        {({ isActive }) => (
          <>
            <HeartIcon filled={isActive} />
            <UnseenActivityDot viewer={viewer} id={dotId} />
          </>
        )}
      </NavLink>
      <NavLink to={`/${viewer.username}/`} className={tabClass} aria-label="Profile">
        <Avatar
          src={viewer.profile_pic_url || null}
          username={viewer.username}
          size={26}
          decorative
        />
      </NavLink>
    </nav>
  );
}
