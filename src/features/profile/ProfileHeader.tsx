import { useState } from 'react';
import { Link, useLocation, useNavigate, type Location } from '../../lib/router';
import { useSnapshot } from 'valtio';
import type { WireProfile } from '../../api/profile';
import { useSession } from '../../app/useSession';
import { formatCount } from '../../lib/format';
import { isSafeUri } from '../../lib/uri';
import { relationshipsState, type Relationship } from '../../state/relationships';
import { BlockDialog } from '../relationships/BlockDialog';
import { FollowButton } from '../relationships/FollowButton';
import { RichText } from '../../ui/RichText';
import { FollowListModal } from './FollowListModal';
import { ProfileAvatar } from './ProfileAvatar';
import { ProfileOptions } from './ProfileOptions';
import { VerifiedBadge } from './VerifiedBadge';
import { canSeeContent, initialRelationship } from './useProfile';

interface ProfileHeaderProps {
  user: WireProfile;
}

/** The website as shown: without the scheme and a trailing slash. */
function displayWebsite(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

type FollowList = 'followers' | 'following';

/** Tells this page load's history entries from those a reload brought back. */
const PAGE_LOAD = Math.random().toString(36).slice(2);

function followListOf(location: Location): FollowList | null {
  const list = (location.state as { followList?: unknown } | null)?.followList;
  return list === 'followers' || list === 'following' ? list : null;
}

/**
 * The followers or following list open over the profile is a history entry of its own (the same
 * address, with the list in its state), so Back closes it as it closes any dialog, instead of
 * leaving the profile.
 */
function useFollowListEntry(): [FollowList | null, (list: FollowList) => void, () => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const list = followListOf(location);
  const state = (location.state ?? {}) as Record<string, unknown>;
  const open = (next: FollowList) =>
    navigate(location, {
      state: { ...state, followList: next, followListPage: PAGE_LOAD, keepScroll: true },
    });
  const close = () => {
    const { followList: _, followListPage, keepScroll: __, ...rest } = state;
    // Opened in this page load: Back, to the entry it was opened on. Else (a reload kept the list
    // in the entry's state) the list is taken off this entry, which stays.
    if (followListPage === PAGE_LOAD) navigate(-1);
    else navigate(location, { replace: true, state: { ...rest, keepScroll: true } });
  };
  return [list, open, close];
}

export function ProfileHeader({ user }: ProfileHeaderProps) {
  const { loggedIn } = useSession();
  const initial = initialRelationship(user);
  const snap = useSnapshot(relationshipsState);
  const rel = (snap.byUserId[user.id] as Relationship | undefined) ?? initial;
  const [list, openList, closeList] = useFollowListEntry();
  const [options, setOptions] = useState(false);
  const [blockMode, setBlockMode] = useState<'block' | 'unblock' | null>(null);
  const listsOpen = loggedIn && canSeeContent(user, rel);
  const website = user.external_url && isSafeUri(user.external_url) ? user.external_url : null;

  // The count follows a Follow or Unfollow made here (the loaded profile predates it).
  const followDelta =
    Number(rel.followedByViewer.state === 'following') -
    Number(initial.followedByViewer.state === 'following');
  const followers = Math.max(0, user.edge_followed_by.count + followDelta);
  const counts = [
    { kind: null, text: plural(user.edge_owner_to_timeline_media.count, 'post', 'posts') },
    { kind: 'followers', text: plural(followers, 'follower', 'followers') },
    { kind: 'following', text: `${formatCount(user.edge_follow.count)} following` },
  ] as const;

  return (
    <header className="profile-header">
      <div className="profile-header__avatar">
        <ProfileAvatar user={user} />
      </div>
      <section className="profile-header__info">
        <div className="profile-header__title-row">
          <div className="profile-header__name">
            <h1 className="profile-header__username">{user.username}</h1>
            {user.is_verified ? <VerifiedBadge /> : null}
          </div>
          <div className="profile-header__actions">
            {user.is_viewer ? (
              <Link className="btn btn--secondary btn--sm" to="/accounts/edit/">
                Edit profile
              </Link>
            ) : (
              <FollowButton
                userId={user.id}
                username={user.username}
                isPrivate={user.is_private}
                relationship={initial}
              />
            )}
            {!user.is_viewer && loggedIn ? (
              <button
                type="button"
                className="icon-button profile-header__options"
                aria-label="Options"
                onClick={() => setOptions(true)}
              >
                <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
                  <circle cx="6" cy="12" r="1.6" fill="currentColor" />
                  <circle cx="12" cy="12" r="1.6" fill="currentColor" />
                  <circle cx="18" cy="12" r="1.6" fill="currentColor" />
                </svg>
              </button>
            ) : null}
          </div>
        </div>
        <ul className="profile-header__counts">
          {counts.map(({ kind, text }) => (
            <li key={text} className="profile-header__count">
              {kind && listsOpen ? (
                <button
                  type="button"
                  className="profile-header__count-button"
                  onClick={() => openList(kind)}
                >
                  {text}
                </button>
              ) : (
                <span>{text}</span>
              )}
            </li>
          ))}
        </ul>
        <div className="profile-header__bio">
          {user.full_name ? <h2 className="profile-header__full-name">{user.full_name}</h2> : null}
          {user.biography ? (
            <p className="profile-header__biography">
              <RichText text={user.biography} />
            </p>
          ) : null}
          {website ? (
            <a
              className="profile-header__website"
              href={user.external_url_linkshimmed || website}
              rel="me nofollow noopener noreferrer"
              target="_blank"
            >
              {displayWebsite(website)}
            </a>
          ) : null}
        </div>
      </section>
      {list ? <FollowListModal userId={user.id} kind={list} onClose={closeList} /> : null}
      {options ? (
        <ProfileOptions
          blocked={rel.blockedByViewer.state}
          onChoose={(mode) => {
            setOptions(false);
            setBlockMode(mode);
          }}
          onClose={() => setOptions(false)}
        />
      ) : null}
      {blockMode ? (
        <BlockDialog
          userId={user.id}
          username={user.username}
          mode={blockMode}
          onClose={() => setBlockMode(null)}
        />
      ) : null}
    </header>
  );
}
