import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { SuggestedUser } from '../../api/profile';
import { loadSuggestions, profileState } from '../../state/profile';
import { Spinner } from '../../ui/Spinner';
import { UserRow } from '../profile/UserRow';
import '../profile/profile.css';

/** /explore/people/ — suggested accounts to follow (20, no media; content §9). */
export default function DiscoverPeoplePage() {
  const { suggestions } = useSnapshot(profileState);
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
  } else if (suggestions.data.length === 0) {
    body = <p className="follow-list__empty">No suggestions right now. Check back later.</p>;
  } else {
    body = (
      <ul className="people-list">
        {(suggestions.data as SuggestedUser[]).map(({ user, description }) => (
          <UserRow key={user.id} user={user} subtitle={description} />
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
