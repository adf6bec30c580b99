import { useRef } from 'react';
import { useSnapshot } from 'valtio';
import {
  approveRequest,
  canActOn,
  followRequestsState,
  ignoreRequest,
  visibleRequests,
  type FollowRequest,
} from '../../state/followRequests';
import { makeRelationship, type Relationship } from '../../state/relationships';
import { showToast } from '../../state/toast';
import { Link } from '../../lib/router';
import { Avatar } from '../../ui/Avatar';
import { useFocusRescue } from '../../ui/useFocusRescue';
import { FollowButton } from '../relationships/FollowButton';

// The requester does not follow-back data with the request; after approval the viewer may follow
// them back, starting from "not following" (a pending request to them would show once they load).
const approvedRelationships = new Map<string, Relationship>();
function followBackRelationship(userId: string): Relationship {
  let rel = approvedRelationships.get(userId);
  if (!rel) {
    rel = makeRelationship({ followsViewer: true });
    approvedRelationships.set(userId, rel);
  }
  return rel;
}

function FollowRequestRow({ request, onAct }: { request: FollowRequest; onAct: () => void }) {
  const { user } = request;
  const enabled = canActOn(request);
  const profilePath = `/${user.username}/`;
  return (
    <li className="notification">
      <Link className="notification__avatar" to={profilePath} tabIndex={-1} aria-hidden="true">
        <Avatar src={user.profile_pic_url} username={user.username} size={44} decorative />
      </Link>
      <div className="notification__names">
        <Link className="notification__username" to={profilePath}>
          {user.username}
        </Link>
        {user.full_name ? <span className="notification__full-name">{user.full_name}</span> : null}
      </div>
      {request.state === 'approved' ? (
        <FollowButton
          userId={user.id}
          username={user.username}
          isPrivate={user.is_private ?? false}
          relationship={followBackRelationship(user.id)}
        />
      ) : (
        <div className="follow-request__actions">
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={!enabled}
            aria-busy={request.state === 'approving' || undefined}
            aria-label={`Confirm ${user.username}'s request`}
            onClick={() => {
              onAct();
              void approveRequest(user.id).then((ok) => {
                if (!ok) showToast({ text: `Couldn't confirm ${user.username}'s request.` });
              });
            }}
          >
            Confirm
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={!enabled}
            aria-busy={request.state === 'ignoring' || undefined}
            aria-label={`Delete ${user.username}'s request`}
            onClick={() => {
              onAct();
              void ignoreRequest(user.id).then((ok) => {
                if (!ok) showToast({ text: `Couldn't delete ${user.username}'s request.` });
              });
            }}
          >
            Delete
          </button>
        </div>
      )}
    </li>
  );
}

/** ?followRequests=1 — people asking to follow the viewer's private account. */
export function FollowRequestList() {
  const { requests } = useSnapshot(followRequestsState);
  const shown = visibleRequests(requests as FollowRequest[]);
  // Confirm and Delete are disabled while sent, then replaced or gone with their row: the focus
  // stays on the list (or the page's main area once the last request is answered).
  const list = useRef<HTMLUListElement>(null);
  const rescueFocus = useFocusRescue(list);
  if (shown.length === 0) {
    return <p className="activity__note">No pending follow requests.</p>;
  }
  return (
    <ul className="activity__list" aria-label="Follow requests" ref={list} tabIndex={-1}>
      {shown.map((request) => (
        <FollowRequestRow key={request.userId} request={request} onAct={rescueFocus} />
      ))}
    </ul>
  );
}
