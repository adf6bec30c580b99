import { useParams } from '../../lib/router';
import { DirectoryList } from './DirectoryList';
import LocationPage from './LocationPage';

export type LocationLevel = 'country' | 'city' | 'location';

/**
 * /explore/locations/:directoryId/ serves three levels of the directory: a country code (US), a
 * city id (c + digits) or a location id (digits), which is a location page without its slug.
 * Each names the tab itself (its heading, or the place's name).
 */
export function locationLevel(directoryId: string): LocationLevel {
  if (/^[A-Za-z]{2}$/.test(directoryId)) return 'country';
  if (/^c\d+$/.test(directoryId)) return 'city';
  return 'location';
}

export default function LocationLevelPage() {
  const { directoryId = '' } = useParams();
  const level = locationLevel(directoryId);
  if (level === 'location') return <LocationPage />;
  return (
    <div className="explore-page">
      {level === 'country' ? (
        <DirectoryList
          key={directoryId}
          id={directoryId}
          kind="cities"
          title={({ country }) => (country ? `Cities in ${country}` : 'Cities')}
        />
      ) : (
        <DirectoryList
          key={directoryId}
          id={directoryId}
          kind="locations"
          title={({ city, country }) => (city ? `Places in ${city}, ${country}` : 'Places')}
        />
      )}
    </div>
  );
}
