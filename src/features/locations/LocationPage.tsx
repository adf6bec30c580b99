import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { ExploreIcon } from '../../ui/icons';
import { useParams } from 'react-router-dom';

/** /explore/locations/:locationId/:slug/ — posts taken at one place. */
export default function LocationPage() {
  const { slug } = useParams();
  return (
    <PlaceholderPanel
      icon={<ExploreIcon size={48} />}
      title={slug ? slug.replace(/-/g, ' ') : 'Location'}
      description={'A map of this place with its top posts and the most recent photos taken here.'}
      links={[
        { to: '/explore/locations/', label: 'All locations' },
        { to: '/explore/', label: 'Explore' },
      ]}
    />
  );
}
