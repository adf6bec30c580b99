import { lazy, Suspense } from 'react';
import { useSession } from '../../app/useSession';
import { isFeatureEnabled } from '../../lib/sharedData';
import { Avatar } from '../../ui/Avatar';
import type { AvatarUser } from './ProfileStoryRing';

// The stories' state and tray call load beside the page, not in its chunk.
const ProfileStoryRing = lazy(() => import('./ProfileStoryRing'));

/** The profile's picture; for a member, ringed and opening the owner's live story (./ProfileStoryRing). */
export function ProfileAvatar({ user }: { user: AvatarUser }) {
  const { viewer } = useSession();
  const avatar = (
    <Avatar
      src={user.profile_pic_url_hd || user.profile_pic_url}
      username={user.username}
      size={150}
    />
  );
  if (!viewer || !isFeatureEnabled('stories')) return avatar;
  return (
    <Suspense fallback={avatar}>
      <ProfileStoryRing user={user} viewerId={viewer.id} />
    </Suspense>
  );
}
