import { useEffect } from 'react';
import { Link } from '../../lib/router';
import { usePageTitle } from '../../lib/navigation';
import { useSnapshot } from 'valtio';
import type { DirectoryEntry } from '../../api/explore';
import { directoryKey, loadDirectoryLevel, locationsState } from '../../state/locations';
import { EmptyState } from '../../ui/EmptyState';
import { ExploreIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import '../explore/explore.css';

export type DirectoryKind = 'countries' | 'cities' | 'locations';

/** Countries and cities open the next directory level; locations open their location page. */
export function directoryEntryPath(kind: DirectoryKind, entry: DirectoryEntry): string {
  const id = encodeURIComponent(entry.id);
  return kind === 'locations'
    ? `/explore/locations/${id}/${encodeURIComponent(entry.slug)}/`
    : `/explore/locations/${id}/`;
}

interface DirectoryListProps {
  /** '' for the country list, an ISO code, or a city id. */
  id: string;
  kind: DirectoryKind;
  /** The heading, once the level's names are known. */
  title: (level: { country: string; city: string }) => string;
}

/** One level of the locations directory, with "See more" for its next page. */
export function DirectoryList({ id, kind, title }: DirectoryListProps) {
  const key = directoryKey(id);
  const snap = useSnapshot(locationsState);
  const level = snap.levels[key];

  useEffect(() => {
    // Coming back (browser back from a city) keeps the pages already seen.
    if (!locationsState.levels[key]?.loaded) void loadDirectoryLevel(key);
  }, [key]);
  const heading = title({ country: level?.country?.name ?? '', city: level?.city?.name ?? '' });
  // The tab says what the heading says ("Cities in Portugal • Glint").
  usePageTitle(level?.missing ? 'Place not found' : heading);

  if (level?.missing) {
    return (
      <EmptyState icon={<ExploreIcon size={48} />} title="Place not found">
        It is not in the directory. <Link to="/explore/locations/">See all countries</Link>
      </EmptyState>
    );
  }
  return (
    <section className="directory" aria-labelledby="directory-title">
      {level?.country && kind !== 'countries' ? (
        <nav className="directory__crumbs" aria-label="Breadcrumb">
          <Link to="/explore/locations/">Locations</Link>
          {kind === 'locations' ? (
            <>
              {' › '}
              <Link to={`/explore/locations/${level.country.id}/`}>{level.country.name}</Link>
            </>
          ) : null}
        </nav>
      ) : null}
      <h1 id="directory-title" className="directory__title">
        {heading}
      </h1>
      {level && level.entries.length > 0 ? (
        <ul className="directory__list">
          {level.entries.map((entry) => (
            <li key={entry.id}>
              <Link className="directory__link" to={directoryEntryPath(kind, entry)}>
                {entry.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {!level || level.isFetching ? (
        <div className="explore-status">
          <Spinner label="Loading places" />
        </div>
      ) : level.failed ? (
        <div className="explore-status" role="alert">
          <p>Couldn&apos;t load places.</p>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => void loadDirectoryLevel(key, level.entries.length > 0)}
          >
            Retry
          </button>
        </div>
      ) : level.nextPage !== null ? (
        <div className="explore-status">
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => void loadDirectoryLevel(key, true)}
          >
            See more
          </button>
        </div>
      ) : level.entries.length === 0 ? (
        <p className="directory__empty">No places here yet.</p>
      ) : null}
    </section>
  );
}
