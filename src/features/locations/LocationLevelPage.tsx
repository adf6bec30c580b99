import { useParams } from 'react-router-dom';
import { ExploreIcon } from '../../ui/icons';
import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import LocationPage from './LocationPage';

export type LocationLevel = 'country' | 'city' | 'location';

/**
 * /explore/locations/:directoryId/ serves three levels of the directory: a country code (US), a
 * city id (c + digits) or a location id (digits), which is a location page without its slug.
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
    <PlaceholderPanel
      icon={<ExploreIcon size={48} />}
      title={level === 'country' ? `Cities in ${directoryId.toUpperCase()}` : 'Places in this city'}
      description={
        level === 'country'
          ? 'The cities of this country with the most photos, page by page.'
          : 'Popular places in this city; open one to see the photos taken there.'
      }
      links={[
        { to: '/explore/locations/', label: 'All countries' },
        { to: '/explore/', label: 'Explore' },
      ]}
    />
  );
}
