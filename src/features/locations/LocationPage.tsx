import { useEffect, useMemo } from 'react';
import { usePageTitle } from '../../lib/navigation';
import { Link, useParams } from '../../lib/router';
import { useSnapshot } from 'valtio';
import type { WirePost } from '../../api/types';
import { loadLocation, locationFeedKey, locationsState } from '../../state/locations';
import { postFeedsState } from '../../state/postFeeds';
import { EmptyState } from '../../ui/EmptyState';
import { ExploreIcon } from '../../ui/icons';
import { FeedHeader } from '../explore/FeedHeader';
import { TopAndRecentPosts } from '../explore/TopAndRecentPosts';
import { MapCard } from './MapCard';
import '../explore/explore.css';

/**
 * /explore/locations/:locationId/ and /:locationId/:slug/ — the place's header and map card, its
 * top posts, then the most recent, 12 a page.
 */
export default function LocationPage() {
  const params = useParams();
  // Reached directly (with a slug) or through the directory route (without one).
  const locationId = params.locationId ?? params.directoryId ?? '';
  const snap = useSnapshot(locationsState);
  const header = snap.locations[locationId];
  const feed = useSnapshot(postFeedsState).feeds[locationFeedKey(locationId)];
  const modalParam = useMemo(() => ({ takenAt: locationId }), [locationId]);
  usePageTitle(header?.name ?? 'Location');

  useEffect(() => {
    if (locationId) void loadLocation(locationId);
  }, [locationId]);

  if (header?.missing) {
    return (
      <div className="explore-page">
        <EmptyState icon={<ExploreIcon size={48} />} title="Location not found">
          This place may have been removed. <Link to="/explore/locations/">Browse locations</Link>
        </EmptyState>
      </div>
    );
  }

  const topPosts = (header?.topPosts ?? []) as WirePost[];
  const fallbackName = params.slug ? params.slug.replace(/-/g, ' ') : 'Location';
  return (
    <div className="explore-page">
      <div className="location-header">
        <FeedHeader
          title={header?.name ?? fallbackName}
          mediaCount={feed?.loaded ? feed.count : null}
          cover={null}
        >
          {header?.address ? <p className="feed-header__subtitle">{header.address}</p> : null}
        </FeedHeader>
        {header ? <MapCard lat={header.lat} lng={header.lng} name={header.name} /> : null}
      </div>
      <TopAndRecentPosts
        idPrefix="location"
        topPosts={topPosts}
        feedKey={locationFeedKey(locationId)}
        load={(next) => void loadLocation(locationId, next)}
        modalParam={modalParam}
        empty={
          <EmptyState icon={<ExploreIcon size={48} />} title="No posts yet">
            Photos taken here will appear here.
          </EmptyState>
        }
      />
    </div>
  );
}
