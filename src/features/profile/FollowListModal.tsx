import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { FollowListKind } from '../../api/profile';
import type { WireUser } from '../../api/types';
import { canLoadNext, type PagedList } from '../../state/postFeeds';
import { followListKey, loadFollowList, profileState } from '../../state/profile';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { LoadMore } from './LoadMore';
import { UserRow } from './UserRow';

interface FollowListModalProps {
  userId: string;
  kind: FollowListKind;
  onClose: () => void;
}

/** Followers or following, 10 a page, loading more as the list scrolls. */
export function FollowListModal({ userId, kind, onClose }: FollowListModalProps) {
  const key = followListKey(userId, kind);
  useEffect(() => {
    void loadFollowList(userId, kind);
  }, [userId, kind]);
  const snap = useSnapshot(profileState);
  const list = snap.followLists[key] as PagedList<WireUser> | undefined;
  const title = kind === 'followers' ? 'Followers' : 'Following';

  return (
    <Modal title={title} onClose={onClose} width={400} className="follow-list-modal">
      <div className="follow-list">
        {!list || (!list.loaded && list.isFetching) ? (
          <div className="load-more">
            <Spinner label={`Loading ${title.toLowerCase()}`} />
          </div>
        ) : list.items.length === 0 ? (
          <p className="follow-list__empty">
            {list.failed
              ? "Couldn't load this list."
              : kind === 'followers'
                ? 'No followers yet.'
                : 'Not following anyone yet.'}
          </p>
        ) : (
          <ul className="follow-list__rows">
            {list.items.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </ul>
        )}
        {list?.loaded ? (
          <LoadMore
            canLoad={canLoadNext(list)}
            isFetching={list.isFetching}
            onLoad={() => void loadFollowList(userId, kind, true)}
            label={`Load more ${title.toLowerCase()}`}
          />
        ) : null}
      </div>
    </Modal>
  );
}
