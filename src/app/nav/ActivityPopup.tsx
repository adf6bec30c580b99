import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link } from '../../lib/router';
import { Spinner } from '../../ui/Spinner';

// The activity feature owns the popup's list; its code loads only when the popup first opens.
const ActivityPopupContent = lazy(() => import('../../features/activity/ActivityPopupContent'));

/**
 * Notification dropdown under the activity icon (spec §9: 500 px wide, at most 362 px high). Its
 * list takes the focus when it opens, so a screen reader names the dialog, the arrow keys scroll
 * the list (not the page behind) and Tab goes through it next; Escape gives the focus back to
 * the Activity button (useDismiss).
 */
export function ActivityPopup({ id }: { id: string }) {
  const popup = useRef<HTMLDivElement>(null);
  useEffect(() => popup.current?.focus(), []);
  return (
    <div className="dropdown activity-popup" id={id} role="dialog" aria-label="Activity">
      <span className="dropdown__arrow" aria-hidden="true" />
      <div className="activity-popup__scroll" tabIndex={-1} ref={popup}>
        <Suspense
          fallback={
            <div className="activity-popup__loading">
              <Spinner label="Loading activity" />
            </div>
          }
        >
          <ActivityPopupContent />
        </Suspense>
      </div>
      <Link className="activity-popup__all" to="/accounts/activity">
        See all activity
      </Link>
    </div>
  );
}
