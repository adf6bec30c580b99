import { useState } from 'react';
import { Link } from '../../lib/router';
import { useSnapshot } from 'valtio';
import type { WireNotification } from '../../api/activity';
import { NEW_POST_PATH } from '../../app/nav/MemberNavItems';
import { followRequestsState, pendingCount, type FollowRequest } from '../../state/followRequests';
import { Avatar } from '../../ui/Avatar';
import { ChevronRightIcon, HeartIcon } from '../../ui/icons';
import { followRequestBadge } from './notificationText';
import { NotificationRow } from './NotificationRow';

/** The row above the notifications that opens the follow-request list (pushes ?followRequests=1). */
export function FollowRequestsEntry() {
  const { requests } = useSnapshot(followRequestsState);
  const pending = (requests as FollowRequest[]).filter((r) => r.state === 'pending');
  const count = pendingCount(requests as FollowRequest[]);
  if (count === 0) return null;
  const first = pending[0].user;
  return (
    <Link className="follow-requests-entry" to="/accounts/activity?followRequests=1">
      <span className="follow-requests-entry__avatar">
        <Avatar src={first.profile_pic_url} username={first.username} size={44} decorative />
        <span className="follow-requests-entry__badge" aria-hidden="true">
          {followRequestBadge(count)}
        </span>
      </span>
      <span className="follow-requests-entry__text">
        <span className="follow-requests-entry__title">Follow requests</span>
        <span className="follow-requests-entry__subtitle">
          Approve or ignore requests
          <span className="visually-hidden">, {followRequestBadge(count)} pending</span>
        </span>
      </span>
      <ChevronRightIcon size={18} />
    </Link>
  );
}

/** Content §2: an empty feed is a blank view with a heart; on mobile, a prompt to post. */
export function ActivityEmpty() {
  return (
    <div className="activity-empty">
      <span className="activity-empty__heart">
        <HeartIcon size={40} />
      </span>
      <h2 className="activity-empty__title">Activity On Your Posts</h2>
      <p className="activity-empty__text">
        When someone likes or comments on one of your posts, you&apos;ll see it here.
      </p>
      <Link className="activity-empty__create" to={NEW_POST_PATH}>
        Share your first photo
      </Link>
    </div>
  );
}

interface NotificationListProps {
  notifications: readonly WireNotification[];
  checkedAt: number;
  limit?: number;
}

export function NotificationList({ notifications, checkedAt, limit }: NotificationListProps) {
  // One clock for the whole list, so rows read consistently.
  const [now] = useState(() => Date.now() / 1000);
  const shown = limit === undefined ? notifications : notifications.slice(0, limit);
  return (
    <ul className="activity__list" aria-label="Notifications">
      {shown.map((n) => (
        <NotificationRow key={n.id} notification={n} unread={n.timestamp > checkedAt} now={now} />
      ))}
    </ul>
  );
}
