import { useRef, useState, useId } from 'react';
import type { PendingUserTag } from '../../state/create';
import { MAX_USER_TAGS } from '../../state/createUserTags';
import { Avatar } from '../../ui/Avatar';
import { Shimmer } from '../../ui/Shimmer';
import { Spinner } from '../../ui/Spinner';
import { usePeopleSearch, type Person } from './usePeopleSearch';
import './TagPeopleField.css';

interface Spot {
  x: number;
  y: number;
}

/** How far an arrow key moves the mark, in fractions of the photo. */
const ARROW_STEPS: Record<string, [number, number]> = {
  ArrowLeft: [-0.05, 0],
  ArrowRight: [0.05, 0],
  ArrowUp: [0, -0.05],
  ArrowDown: [0, 0.05],
};

const clampUnit = (v: number) => Math.min(1, Math.max(0, v));

export interface TagPeopleEditorProps {
  /** The photo the tags are placed on; null while it is being prepared. */
  src: string | null;
  tags: readonly PendingUserTag[];
  /** Tags someone at (x, y), or moves them there; false when the post is full. */
  onTag(username: string, x: number, y: number): boolean;
  onUntag(username: string): void;
}

/**
 * Tag people: the photo, where a press (or the arrow keys) marks a spot, a search for the person
 * there, and the people tagged so far, each with Remove. The create flow shows it in a dialog;
 * the owner's Edit info shows it in its form.
 */
export function TagPeopleEditor({
  src: url,
  tags: userTags,
  onTag,
  onUntag,
}: TagPeopleEditorProps) {
  const [spot, setSpot] = useState<Spot | null>(null);
  const [query, setQuery] = useState('');
  const [said, setSaid] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const results = usePeopleSearch(query);
  const full = userTags.length >= MAX_USER_TAGS;

  /**
   * A press on the photo marks where, and goes on to the search. From the keyboard, the arrow
   * keys move the mark (from the middle) and Enter or Space keeps it.
   */
  const mark = (event: React.MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const byPointer = event.detail > 0 && box.width > 0 && box.height > 0;
    setSpot(
      byPointer
        ? { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height }
        : (spot ?? { x: 0.5, y: 0.5 }),
    );
    inputRef.current?.focus();
  };
  const nudge = (event: React.KeyboardEvent<HTMLButtonElement>) => {
    const step = ARROW_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const from = spot ?? { x: 0.5, y: 0.5 };
    setSpot({ x: clampUnit(from.x + step[0]), y: clampUnit(from.y + step[1]) });
  };

  const choose = (person: Person) => {
    const at = spot ?? { x: 0.5, y: 0.5 };
    if (!onTag(person.username, at.x, at.y)) return;
    setSaid(`Tagged ${person.username}.`);
    setQuery('');
    setSpot(null);
    inputRef.current?.focus();
  };

  const untag = (username: string) => {
    onUntag(username);
    setSaid(`Removed ${username}.`);
    inputRef.current?.focus();
  };

  return (
    <div className="tag-people__body">
      {url ? (
        <div className="tag-people__photo">
          <button
            type="button"
            className="tag-people__mark"
            aria-label="Choose where on the photo to tag someone"
            aria-describedby={hintId}
            onClick={mark}
            onKeyDown={nudge}
          >
            <img className="tag-people__img" src={url} alt="" />
          </button>
          {userTags.map((tag) => (
            <span
              key={tag.username}
              className="tag-people__label"
              style={{ left: `${tag.x * 100}%`, top: `${tag.y * 100}%` }}
              aria-hidden="true"
            >
              {tag.username}
            </span>
          ))}
          {spot ? (
            <span
              className="tag-people__spot"
              style={{ left: `${spot.x * 100}%`, top: `${spot.y * 100}%` }}
              aria-hidden="true"
            />
          ) : null}
        </div>
      ) : (
        <div
          className="tag-people__photo tag-people__photo--pending"
          role="img"
          aria-label="Preparing your photo"
        >
          <Shimmer height="100%" />
        </div>
      )}
      <p className="tag-people__hint" id={hintId}>
        {spot
          ? 'Now search for who is there.'
          : 'Tap the photo where someone is (or move the mark with the arrow keys), then search for them.'}
      </p>
      <label className="visually-hidden" htmlFor={inputId}>
        Search for a person
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="tag-people__search"
        type="search"
        placeholder="Search for a person"
        autoComplete="off"
        value={query}
        disabled={full}
        onChange={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter takes the first person found; it never submits a form around the editor.
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (results.status === 'ready' && results.people.length > 0) choose(results.people[0]);
        }}
      />
      {full ? (
        <p className="tag-people__hint">You can tag up to {MAX_USER_TAGS} people.</p>
      ) : (
        <PeopleResultsList results={results} onChoose={choose} />
      )}
      {userTags.length > 0 ? (
        <ul className="tag-people__tagged" aria-label="Tagged people">
          {userTags.map((tag) => (
            <li key={tag.username} className="tag-people__tagged-item">
              <span>{tag.username}</span>
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                aria-label={`Remove ${tag.username}`}
                onClick={() => untag(tag.username)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </div>
  );
}

function PeopleResultsList({
  results,
  onChoose,
}: {
  results: ReturnType<typeof usePeopleSearch>;
  onChoose: (person: Person) => void;
}) {
  if (results.status === 'idle') return null;
  if (results.status === 'loading') return <Spinner size={20} label="Searching people" />;
  if (results.status === 'error') return <p className="tag-people__hint">{results.error}</p>;
  if (results.people.length === 0) return <p className="tag-people__hint">No one found.</p>;
  return (
    <ul className="tag-people__results" aria-label="People">
      {results.people.map((person) => (
        <li key={person.key}>
          <button type="button" className="tag-people__person" onClick={() => onChoose(person)}>
            <Avatar
              src={person.profilePictureUrl || null}
              username={person.username}
              size={32}
              decorative
            />
            <span className="tag-people__person-names">
              <span className="tag-people__person-username">{person.username}</span>{' '}
              {person.fullName ? (
                <span className="tag-people__person-name">{person.fullName}</span>
              ) : null}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
