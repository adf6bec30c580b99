import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { WireNotification } from '../../api/activity';
import { activityState, loadActivity } from '../../state/activity';
import { HeartIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { FollowRequestsEntry, NotificationList } from './ActivityList';
import './activity.css';

/** How many notifications the nav popup lists; "See all activity" leads to the rest. */
const ACTIVITY_POPUP_SIZE = 10;

/** Body of the nav's activity popup: the follow-request row and the latest notifications. */
export default function ActivityPopupContent() {
  const { feed } = useSnapshot(activityState);
  useEffect(() => {
    void loadActivity();
  }, []);

  if (feed.status === 'idle' || feed.status === 'loading') {
    return (
      <div className="activity-popup__loading">
        <Spinner label="Loading activity" />
      </div>
    );
  }
  if (feed.status === 'error') {
    return <p className="activity__note">Couldn&apos;t load activity.</p>;
  }
  const notifications = feed.data.notifications as WireNotification[];
  return (
    <div className="activity-popup__content">
      <FollowRequestsEntry />
      {notifications.length === 0 ? (
        <div className="activity-popup__empty">
          <span className="activity-popup__heart">
            <HeartIcon size={40} />
          </span>
          <h2 className="activity-popup__title">Activity On Your Posts</h2>
          <p className="activity-popup__text">
            When someone likes or comments on one of your posts, you&apos;ll see it here.
          </p>
        </div>
      ) : (
        <NotificationList
          notifications={notifications}
          checkedAt={feed.data.checkedAt}
          limit={ACTIVITY_POPUP_SIZE}
        />
      )}
    </div>
  );
}
