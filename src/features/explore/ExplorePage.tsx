import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { ExploreIcon } from '../../ui/icons';

/** /explore/ — discover posts picked for the viewer. */
export default function ExplorePage() {
  return (
    <PlaceholderPanel
      icon={<ExploreIcon size={48} />}
      title={'Explore'}
      description={
        "A grid of popular photos from people you don't follow yet, refreshed as you scroll."
      }
      links={[
        { to: '/explore/search/', label: 'Search' },
        { to: '/explore/people/', label: 'Discover people' },
        { to: '/explore/locations/', label: 'Locations' },
      ]}
    />
  );
}
