import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from '../../lib/router';
import { fetchFeedSuggestions, type WireSuggestedUser } from '../../api/feed';
import type { WireViewer } from '../../api/types';
import { logClientEvent } from '../../lib/eventLog';
import { suggestionsState, withoutDismissed } from '../../state/suggestions';
import { Avatar } from '../../ui/Avatar';
import { Shimmer } from '../../ui/Shimmer';
import { UserFollow } from '../post/UserFollow';

const SUGGESTION_ROWS = 5;

type Suggestions =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: WireSuggestedUser[] };

function SuggestionRows({ suggestions }: { suggestions: Suggestions }) {
  const { dismissed } = useSnapshot(suggestionsState);
  if (suggestions.status === 'loading') {
    return (
      <ul className="suggestions__list" aria-busy="true">
        {Array.from({ length: SUGGESTION_ROWS }, (_, i) => (
          <li className="suggestions__row" key={i} aria-hidden="true">
            <Shimmer width={32} height={32} round />
            <span className="suggestions__lines">
              <Shimmer width={110} height={9} />
              <Shimmer width={70} height={8} />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  // Content §4 "Suggestions": a failure is only logged; the column just shows no rows.
  if (suggestions.status === 'error') return null;
  // Accounts dismissed in the feed's card or on Discover People leave this column too.
  const shown = withoutDismissed(suggestions.data, dismissed);
  if (shown.length === 0) return null;
  return (
    <ul className="suggestions__list">
      {shown.map(({ user, description }) => (
        <li className="suggestions__row" key={user.id}>
          <Link to={`/${user.username}/`} tabIndex={-1} aria-hidden="true">
            <Avatar
              src={user.profile_pic_url || null}
              username={user.username}
              size={32}
              decorative
            />
          </Link>
          <span className="suggestions__lines">
            <Link to={`/${user.username}/`} className="suggestions__username">
              {user.username}
            </Link>
            <span className="suggestions__reason">{description || user.full_name}</span>
          </span>
          <UserFollow user={user} />
        </li>
      ))}
    </ul>
  );
}

/** The right column on wide screens (≥ 876 px): the viewer and suggestions for them. */
export function HomeSidebar({ viewer }: { viewer: WireViewer }) {
  const [suggestions, setSuggestions] = useState<Suggestions>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchFeedSuggestions(SUGGESTION_ROWS, { signal: controller.signal }).then(
      (data) => setSuggestions({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Suggested users failed to load', error);
        logClientEvent('suggested_users_failure');
        setSuggestions({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);

  return (
    <aside className="home__sidebar" aria-label="Your account and suggestions">
      <Link className="sidebar-viewer" to={`/${viewer.username}/`}>
        <Avatar
          src={viewer.profile_pic_url || null}
          username={viewer.username}
          size={56}
          decorative
        />
        <span className="sidebar-viewer__names">
          <span className="sidebar-viewer__username">{viewer.username}</span>
          {viewer.full_name ? (
            <span className="sidebar-viewer__full-name">{viewer.full_name}</span>
          ) : null}
        </span>
      </Link>
      <section className="suggestions" aria-label="Suggestions for you">
        <header className="suggestions__header">
          <h2 className="suggestions__title">Suggestions for you</h2>
          <Link className="suggestions__see-all" to="/explore/people/">
            See all
          </Link>
        </header>
        <SuggestionRows suggestions={suggestions} />
      </section>
    </aside>
  );
}
