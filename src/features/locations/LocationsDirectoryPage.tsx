import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { ExploreIcon } from '../../ui/icons';

/** /explore/locations/ — the locations directory: countries first. */
export default function LocationsDirectoryPage() {
  return (
    <PlaceholderPanel
      icon={<ExploreIcon size={48} />}
      title={'Locations'}
      description={'Browse places by country, then city, and see the photos taken there.'}
      links={[{ to: '/explore/', label: 'Explore' }]}
    />
  );
}
