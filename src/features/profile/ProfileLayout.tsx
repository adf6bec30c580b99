import type { ReactNode } from 'react';
import type { WireProfile } from '../../api/profile';
import { Spinner } from '../../ui/Spinner';
import { ProfileChaining } from './ProfileChaining';
import { ProfileHeader } from './ProfileHeader';
import { ProfileTabs, type ProfileSection } from './ProfileTabs';
import { useProfile } from './useProfile';
import { usePageTitle } from '../../lib/navigation';
import NotFoundPage from '../misc/NotFoundPage';
import './profile.css';

interface ProfileLayoutProps {
  username: string;
  section: ProfileSection;
  children: (user: WireProfile) => ReactNode;
}

/** A profile's tab title: "Ava Lindqvist (@ava.lindqvist)", or the section and whose it is. */
function profileTitle(user: WireProfile, section: ProfileSection): string {
  if (section === 'saved') return `Saved (@${user.username})`;
  if (section === 'tagged') return `Photos of @${user.username}`;
  return user.full_name ? `${user.full_name} (@${user.username})` : `@${user.username}`;
}

/** Header and tabs around a profile section (posts, saved, collections, tagged). */
export function ProfileLayout({ username, section, children }: ProfileLayoutProps) {
  const resource = useProfile(username);
  usePageTitle(resource.status === 'ready' ? profileTitle(resource.data, section) : null);
  if (resource.status === 'loading') {
    return (
      <div className="profile profile--loading">
        <Spinner label="Loading profile" />
      </div>
    );
  }
  if (resource.status === 'notFound') return <NotFoundPage />;
  if (resource.status === 'error') {
    return (
      <section className="page-panel page-panel--plain">
        <h1 className="page-panel__title">Couldn&apos;t load this profile.</h1>
        <p className="page-panel__description">{resource.error}</p>
      </section>
    );
  }
  const user = resource.data;
  return (
    <div className="profile">
      <ProfileHeader user={user} />
      {user.is_viewer ? null : <ProfileChaining key={user.id} user={user} />}
      <ProfileTabs username={user.username} isViewer={user.is_viewer === true} section={section} />
      {children(user)}
    </div>
  );
}
