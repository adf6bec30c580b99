import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { locationSearch, type Venue } from '../../api/media';
import { requestCurrentLocation, setGeoTag } from '../../state/createActions';
import { photoCreation } from '../../state/create';
import { Spinner } from '../../ui/Spinner';
import { CloseIcon } from '../../ui/icons';
import { CrosshairIcon, PinIcon } from './createIcons';
import { VenueSearch } from './VenueSearch';
import './LocationField.css';

const MAX_SUGGESTIONS = 8;

/**
 * Geotag: suggestions near the photo's GPS (or the current position, asked for only when the
 * button is pressed; without either, the most tagged places), or a search by name. The post gets the venue's lat, lng and external_id.
 */
export function LocationField() {
  const { geoTag } = useSnapshot(photoCreation);
  if (geoTag) {
    return (
      <div className="location-field">
        <div className="location-chosen">
          <PinIcon size={20} />
          <div className="location-chosen__text">
            <span className="location-chosen__name">{geoTag.name}</span>
            {geoTag.address ? (
              <span className="location-chosen__address">{geoTag.address}</span>
            ) : null}
          </div>
          <button
            type="button"
            className="location-chosen__remove"
            aria-label="Remove location"
            onClick={() => setGeoTag(null)}
          >
            <CloseIcon size={16} />
          </button>
        </div>
      </div>
    );
  }
  return <LocationPicker />;
}

function LocationPicker() {
  return (
    <VenueSearch
      className="location-field"
      onChoose={setGeoTag}
      idle={<Suggestions onChoose={setGeoTag} />}
    />
  );
}

/**
 * A photo without GPS would otherwise offer no suggestion at all: /location_search/ without a
 * query or coordinates answers the places with the most posts. Failures only hide them.
 */
function usePopularPlaces(enabled: boolean): Venue[] {
  const [venues, setVenues] = useState<Venue[]>([]);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    locationSearch({ rankToken: photoCreation.rankToken }, controller.signal)
      .then(setVenues)
      .catch(() => undefined);
    return () => controller.abort();
  }, [enabled]);
  return enabled ? venues : [];
}

function Suggestions({ onChoose }: { onChoose: (venue: Venue) => void }) {
  const { suggestedGeoTags, currentLocation, sourceImage } = useSnapshot(photoCreation);
  // Nearby places (photo GPS or current position) take over as soon as there are any; when
  // nothing is near, the most tagged places stand in so there is still something to pick.
  const nothingNear = suggestedGeoTags.status === 'ready' && suggestedGeoTags.data.length === 0;
  const popular = usePopularPlaces(
    nothingNear || (!sourceImage?.location && suggestedGeoTags.status === 'idle'),
  );
  const nearby = suggestedGeoTags.status === 'ready' ? suggestedGeoTags.data : [];
  const suggestions = (nearby.length ? nearby : popular).slice(0, MAX_SUGGESTIONS);
  return (
    <div className="location-suggestions">
      {suggestedGeoTags.status === 'loading' ? (
        <Spinner size={20} label="Finding places nearby" />
      ) : null}
      {suggestedGeoTags.status === 'error' ? (
        <p className="location-note">{suggestedGeoTags.error}</p>
      ) : null}
      {nothingNear ? <p className="location-note">No places nearby yet.</p> : null}
      {suggestions.length > 0 ? (
        <ul className="location-chips" aria-label="Suggested places">
          {suggestions.map((venue) => (
            <li key={`${venue.external_id_source}:${venue.external_id}`}>
              <button type="button" className="location-chip" onClick={() => onChoose(venue)}>
                {venue.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        className="location-current"
        onClick={() => requestCurrentLocation()}
        disabled={currentLocation.status === 'loading'}
      >
        <CrosshairIcon size={18} />
        Use current location
      </button>
      {currentLocation.status === 'error' ? (
        <p className="location-note">{currentLocation.error}</p>
      ) : null}
    </div>
  );
}
