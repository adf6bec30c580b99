import { usePageTitle } from '../../lib/navigation';
import { useEffect } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { useSnapshot } from 'valtio';
import type { WireNotification } from '../../api/activity';
import { activityState, loadActivity } from '../../state/activity';
import { ChevronLeftIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { ActivityEmpty, FollowRequestsEntry, NotificationList } from './ActivityList';
import { FollowRequestList } from './FollowRequestList';
import './activity.css';

/**
 * /accounts/activity — notifications, or with ?followRequests=1 the follow-request list. The entry
 * row pushes the query, so browser back toggles between the two lists.
 */
export default function ActivityPage() {
  usePageTitle('Activity');
  const [searchParams] = useSearchParams();
  const showRequests = searchParams.get('followRequests') === '1';
  const { feed } = useSnapshot(activityState);

  useEffect(() => {
    void loadActivity();
  }, []);

  let body;
  if (feed.status === 'idle' || feed.status === 'loading') {
    body = (
      <div className="activity__loading">
        <Spinner label="Loading activity" />
      </div>
    );
  } else if (feed.status === 'error') {
    body = (
      <div className="activity__note">
        <p>Couldn&apos;t load activity.</p>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => void loadActivity()}
        >
          Retry
        </button>
      </div>
    );
  } else if (showRequests) {
    body = <FollowRequestList />;
  } else {
    const notifications = feed.data.notifications as WireNotification[];
    body = (
      <>
        <FollowRequestsEntry />
        {notifications.length === 0 ? (
          <ActivityEmpty />
        ) : (
          <NotificationList notifications={notifications} checkedAt={feed.data.checkedAt} />
        )}
      </>
    );
  }

  return (
    <section className="activity">
      <header className="activity__header">
        {showRequests ? (
          <Link
            className="icon-button activity__back"
            to="/accounts/activity"
            aria-label="Back to activity"
          >
            <ChevronLeftIcon size={22} />
          </Link>
        ) : null}
        <h1 className="activity__title">{showRequests ? 'Follow requests' : 'Activity'}</h1>
      </header>
      {body}
    </section>
  );
}
