/** Spec §3 username suggestions: offered under a username the server refused. */
export function UsernameSuggestions({
  suggestions,
  onChoose,
}: {
  suggestions: readonly string[];
  onChoose: (username: string) => void;
}) {
  if (suggestions.length === 0) return null;
  return (
    <div className="username-suggestions">
      <span className="username-suggestions__label">Available:</span>
      <ul>
        {suggestions.slice(0, 4).map((username) => (
          <li key={username}>
            <button
              type="button"
              className="username-suggestions__chip"
              aria-label={`Use username ${username}`}
              onClick={() => onChoose(username)}
            >
              {username}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
