import { usePageTitle } from '../../lib/navigation';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { SuggestedUser } from '../../api/profile';
import { loadSuggestions, profileState } from '../../state/profile';
import { dismissSuggestion, suggestionsState, withoutDismissed } from '../../state/suggestions';
import { Spinner } from '../../ui/Spinner';
import { DismissSuggestionButton } from '../feed/DismissSuggestionButton';
import { UserRow } from '../profile/UserRow';
import '../profile/profile.css';

/** /explore/people/ — suggested accounts to follow (20, no media; content §9). */
export default function DiscoverPeoplePage() {
  usePageTitle('Discover people');
  const { suggestions } = useSnapshot(profileState);
  const { dismissed } = useSnapshot(suggestionsState);
  useEffect(() => {
    void loadSuggestions();
  }, []);

  let body;
  if (suggestions.status === 'loading') {
    body = (
      <div className="load-more">
        <Spinner label="Loading suggestions" />
      </div>
    );
  } else if (suggestions.status === 'failed') {
    body = (
      <div className="follow-list__empty">
        <p>Couldn&apos;t load suggestions.</p>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => void loadSuggestions()}
        >
          Retry
        </button>
      </div>
    );
  } else {
    const shown = withoutDismissed(suggestions.data as SuggestedUser[], dismissed);
    body =
      shown.length === 0 ? (
        <p className="follow-list__empty">No suggestions right now. Check back later.</p>
      ) : (
        <ul className="people-list">
          {shown.map(({ user, description }) => (
            <UserRow
              key={user.id}
              user={user}
              subtitle={description}
              action={
                <DismissSuggestionButton
                  username={user.username}
                  onDismiss={() => void dismissSuggestion(user)}
                />
              }
            />
          ))}
        </ul>
      );
  }

  return (
    <section className="discover-people">
      <h1 className="discover-people__title">Suggested</h1>
      <div className="discover-people__panel">{body}</div>
    </section>
  );
}
