import { useId, useState, type ReactNode } from 'react';
import type { Venue } from '../../api/media';
import { Spinner } from '../../ui/Spinner';
import { PinIcon } from './createIcons';
import { useLocationSearch } from './useLocationSearch';
import './LocationField.css';

interface VenueSearchProps {
  onChoose(venue: Venue): void;
  /** Shown under the box while nothing is typed (the create flow's suggestions). */
  idle?: ReactNode;
  className?: string;
}

/**
 * "Add location": a search box over /location_search/ and the places it finds; choosing one
 * empties the box. The create flow's details step and the Edit info dialog both use it.
 */
export function VenueSearch({ onChoose, idle = null, className }: VenueSearchProps) {
  const [query, setQuery] = useState('');
  const results = useLocationSearch(query);
  const inputId = useId();
  const choose = (venue: Venue) => {
    setQuery('');
    onChoose(venue);
  };
  return (
    <div className={className}>
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
      {results.status === 'idle' ? (
        idle
      ) : (
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
                  <button type="button" className="location-option" onClick={() => choose(venue)}>
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
