import { useId, useState } from 'react';
import type { Venue } from '../../api/media';
import { Spinner } from '../../ui/Spinner';
import { CloseIcon } from '../../ui/icons';
import { PinIcon } from '../create/createIcons';
import { useLocationSearch } from '../create/useLocationSearch';

interface EditLocationProps {
  /** The place shown now: the post's, a newly chosen venue, or none. */
  name: string | null;
  onChoose(venue: Venue): void;
  onRemove(): void;
}

/** The post's place with Remove, or a search for one (the create flow's places, by name). */
export function EditLocation({ name, onChoose, onRemove }: EditLocationProps) {
  const [query, setQuery] = useState('');
  const results = useLocationSearch(query);
  const inputId = useId();
  if (name) {
    return (
      <div className="location-chosen">
        <PinIcon size={20} />
        <div className="location-chosen__text">
          <span className="location-chosen__name">{name}</span>
        </div>
        <button
          type="button"
          className="location-chosen__remove"
          aria-label="Remove location"
          onClick={onRemove}
        >
          <CloseIcon size={16} />
        </button>
      </div>
    );
  }
  return (
    <div>
      <div className="location-search">
        <label htmlFor={inputId} className="location-search__label">
          <PinIcon size={20} />
          <span className="visually-hidden">Add location</span>
        </label>
        <input
          id={inputId}
          className="location-search__input"
          type="search"
          placeholder="Add location"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      </div>
      {results.status === 'idle' ? null : (
        <div className="location-results" aria-live="polite">
          {results.status === 'loading' ? <Spinner size={20} label="Searching places" /> : null}
          {results.status === 'error' ? <p className="location-note">{results.error}</p> : null}
          {results.status === 'ready' && results.venues.length === 0 ? (
            <p className="location-note">No places found.</p>
          ) : null}
          {results.status === 'ready' && results.venues.length > 0 ? (
            <ul className="location-list" aria-label="Places">
              {results.venues.map((venue) => (
                <li key={`${venue.external_id_source}:${venue.external_id}`}>
                  <button
                    type="button"
                    className="location-option"
                    onClick={() => {
                      setQuery('');
                      onChoose(venue);
                    }}
                  >
                    <span className="location-option__name">{venue.name}</span>
                    {venue.address ? (
                      <span className="location-option__address">{venue.address}</span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </div>
  );
}
