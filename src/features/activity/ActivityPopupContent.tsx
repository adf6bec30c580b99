import { HeartIcon } from '../../ui/icons';

/**
 * Body of the nav's activity popup. The activity feature replaces this with the latest
 * notifications and the follow-request row.
 */
export default function ActivityPopupContent() {
  return (
    <div className="activity-popup__empty">
      <span className="activity-popup__heart">
        <HeartIcon size={40} />
      </span>
      <h2 className="activity-popup__title">Activity on your posts</h2>
      <p className="activity-popup__text">
        When someone likes or comments on one of your posts, you&apos;ll see it here.
      </p>
    </div>
  );
}
