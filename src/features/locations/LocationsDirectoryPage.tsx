import { usePageTitle } from '../../lib/navigation';
import { DirectoryList } from './DirectoryList';

/** /explore/locations/ — the locations directory: countries first, 20 a page. */
export default function LocationsDirectoryPage() {
  usePageTitle('Locations');
  return (
    <div className="explore-page">
      <DirectoryList id="" kind="countries" title={() => 'Locations'} />
    </div>
  );
}
