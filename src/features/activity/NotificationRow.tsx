import { Link } from '../../lib/router';
import { useSession } from '../../app/useSession';
import type { WireNotification } from '../../api/activity';
import { relationshipFromWire, type Relationship } from '../../state/relationships';
import { Avatar } from '../../ui/Avatar';
import { FollowButton } from '../relationships/FollowButton';
import { RichText } from '../../ui/RichText';
import { Timestamp } from '../../ui/Timestamp';
import { isFollowType, notificationText } from './notificationText';
import { RepliedStory } from './RepliedStory';

// One Relationship per notification object (stable FollowButton prop, one log if missing).
const initialRelationships = new WeakMap<WireNotification, Relationship>();
function initialOf(n: WireNotification): Relationship {
  let rel = initialRelationships.get(n);
  if (!rel) {
    rel = relationshipFromWire(n.user);
    initialRelationships.set(n, rel);
  }
  return rel;
}

interface NotificationRowProps {
  notification: WireNotification;
  /** Newer than the last time the viewer checked the feed. */
  unread?: boolean;
  now?: number;
}

/** Actor avatar, what they did, when, and the post or story thumbnail or a Follow button. */
export function NotificationRow({ notification: n, unread = false, now }: NotificationRowProps) {
  const { action, quote } = notificationText(n.type, n.text);
  // "liked your photo." after the name; a leading comma or apostrophe joins without a space.
  const after = action ? `${/^[',]/.test(action) ? '' : ' '}${action}` : '';
  const profilePath = `/${n.user.username}/`;
  // A story reply or reaction answers one of the viewer's own stories.
  const viewerName = useSession().viewer?.username ?? '';
  return (
    <li className={unread ? 'notification notification--unread' : 'notification'}>
      <Link className="notification__avatar" to={profilePath} tabIndex={-1} aria-hidden="true">
        <Avatar src={n.user.profile_pic_url} username={n.user.username} size={44} decorative />
      </Link>
      <p className="notification__text">
        <Link className="notification__username" to={profilePath}>
          {n.user.username}
        </Link>
        {after || null}
        {quote ? (
          <>
            {' '}
            <RichText text={quote} />
          </>
        ) : null}{' '}
        <Timestamp className="notification__time" ts={n.timestamp} now={now} />
      </p>
      {isFollowType(n.type) ? (
        <FollowButton
          userId={n.user.id}
          username={n.user.username}
          isPrivate={n.user.is_private ?? false}
          relationship={initialOf(n)}
        />
      ) : n.media ? (
        <Link className="notification__media" to={`/p/${n.media.shortcode}/`}>
          <img
            src={n.media.thumbnail_src}
            alt={`Post: ${n.user.username}${after}`.replace(/[:.]$/, '')}
            width={44}
            height={44}
            loading="lazy"
          />
        </Link>
      ) : n.story ? (
        <RepliedStory story={n.story} owner={viewerName} />
      ) : null}
    </li>
  );
}
