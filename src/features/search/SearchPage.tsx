import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { SearchIcon } from '../../ui/icons';

/** /explore/search/ — people, hashtags and places matching the nav search box. */
export default function SearchPage() {
  return (
    <PlaceholderPanel
      icon={<SearchIcon size={48} />}
      title={'Search'}
      description={'Type in the search box to find people, hashtags and places.'}
      links={[
        { to: '/explore/', label: 'Explore' },
        { to: '/explore/locations/', label: 'Browse locations' },
      ]}
    />
  );
}
