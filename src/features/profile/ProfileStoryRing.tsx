import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { WireProfile } from '../../api/profile';
import { Link } from '../../lib/router';
import { isReelExpired, isReelSeen, nowSeconds, storiesState } from '../../state/stories';
import { loadTray } from '../../state/storiesTray';
import { Avatar } from '../../ui/Avatar';
import { storyPath, type StoriesEntryState } from '../stories/navigation';

export type AvatarUser = Pick<
  WireProfile,
  'id' | 'username' | 'profile_pic_url' | 'profile_pic_url_hd'
>;

const warmViewer = () => void import('../stories/warmViewer').then((m) => m.warmStoryViewer());

/**
 * The profile's picture for a member (./ProfileAvatar). When its owner has a live story the member
 * can watch (one of their tray's reels), it wears the tray's ring (the brand gradient until seen,
 * then grey) and opens the story, as Instagram's does; the viewer's close comes back here.
 */
export default function ProfileStoryRing({
  user,
  viewerId,
}: {
  user: AvatarUser;
  viewerId: string;
}) {
  const snap = useSnapshot(storiesState);
  useEffect(() => {
    // The tray says who has a story: a profile opened first (not from home) asks for it once.
    if (storiesState.tray.status === 'idle') void loadTray(viewerId);
  }, [viewerId]);

  const now = nowSeconds();
  const reel = snap.trayReelIds
    .map((id) => snap.reels[id])
    .find((r) => r?.userId === user.id && !isReelExpired(r, now));
  const picture = user.profile_pic_url_hd || user.profile_pic_url;
  if (!reel) return <Avatar src={picture} username={user.username} size={150} />;
  const seen = isReelSeen(reel);
  const state: StoriesEntryState = { storiesEntry: 'profile' };
  return (
    <Link
      to={storyPath(user.username)}
      state={state}
      className="profile-header__story"
      aria-label={`Story by ${user.username}, ${seen ? 'seen' : 'not seen'}`}
      onPointerEnter={warmViewer}
      onFocus={warmViewer}
    >
      <span className={seen ? 'story-ring story-ring--seen' : 'story-ring'}>
        <Avatar src={picture} username={user.username} size={150} decorative />
      </span>
    </Link>
  );
}
