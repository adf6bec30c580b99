import { useSnapshot } from 'valtio';
import { Link } from '../../lib/router';
import type { WireSuggestedUserFeedUnit } from '../../api/feed';
import { dismissSuggestion, suggestionsState, withoutDismissed } from '../../state/suggestions';
import { Avatar } from '../../ui/Avatar';
import { UserFollow } from '../post/UserFollow';
import { VerifiedBadge } from '../post/postIcons';
import { DismissSuggestionButton } from './DismissSuggestionButton';

/** The feed's suggested-users group: a row of accounts, each with Follow and Dismiss. */
export function SuggestedUsersCard({ unit }: { unit: WireSuggestedUserFeedUnit }) {
  const { dismissed } = useSnapshot(suggestionsState);
  const suggestions = withoutDismissed(
    unit.edge_suggested_users.edges.map((e) => e.node),
    dismissed,
  );
  if (suggestions.length === 0) return null;
  return (
    <section className="feed-suggestions" aria-labelledby={`${unit.id}-title`}>
      <header className="feed-suggestions__header">
        <h2 id={`${unit.id}-title`} className="feed-suggestions__title">
          Suggestions for you
        </h2>
        <Link to="/explore/people/" className="feed-suggestions__all">
          See all
        </Link>
      </header>
      <ul className="feed-suggestions__list">
        {suggestions.map(({ user, description }) => (
          <li key={user.id} className="feed-suggestions__card">
            <DismissSuggestionButton
              username={user.username}
              className="feed-suggestions__dismiss"
              onDismiss={() => void dismissSuggestion(user)}
            />
            <Link to={`/${user.username}/`} tabIndex={-1} aria-hidden="true">
              <Avatar
                src={user.profile_pic_url || null}
                username={user.username}
                size={64}
                decorative
              />
            </Link>
            <span className="feed-suggestions__username">
              <Link to={`/${user.username}/`}>{user.username}</Link>
              {user.is_verified ? <VerifiedBadge size={12} /> : null}
            </span>
            <span className="feed-suggestions__reason">{description || user.full_name}</span>
            <UserFollow user={user} />
          </li>
        ))}
      </ul>
    </section>
  );
}
