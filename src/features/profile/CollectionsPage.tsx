import { useEffect } from 'react';
import { Link, Navigate, useParams, useSearchParams } from '../../lib/router';
import { useSnapshot } from 'valtio';
import { collectionPostsPage, type WireCollection, type WireProfile } from '../../api/profile';
import { useSession } from '../../app/useSession';
import { canLoadNext, collectionFeedKey, type PagedList } from '../../state/postFeeds';
import { loadCollections, profileState } from '../../state/profile';
import { BookmarkIcon, ChevronLeftIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { LoadMore } from './LoadMore';
import { ProfileLayout } from './ProfileLayout';
import { ProfilePosts } from './ProfilePosts';
import { ProfileEmpty } from './ProfileEmpty';

/** The tile grid: "All Posts" (every saved post) first, then each collection with its cover. */
function CollectionTiles({ user }: { user: WireProfile }) {
  useEffect(() => {
    void loadCollections(user.id);
  }, [user.id]);
  const snap = useSnapshot(profileState);
  const list = snap.collections[user.id] as PagedList<WireCollection> | undefined;
  if (!list || (!list.loaded && list.isFetching)) {
    return (
      <div className="load-more">
        <Spinner label="Loading collections" />
      </div>
    );
  }
  const tiles = [
    { id: null, name: 'All Posts', cover_media_thumbnail: null },
    ...list.items,
  ] as const satisfies readonly {
    id: string | null;
    name: string;
    cover_media_thumbnail: string | null;
  }[];
  return (
    <>
      <div className="saved-header">
        <p className="saved-header__note">Only you can see what you&apos;ve saved</p>
        <Link className="saved-header__link" to={`/${user.username}/saved/`}>
          Saved posts
        </Link>
      </div>
      <ul className="collection-grid">
        {tiles.map((c) => (
          <li key={c.id ?? 'all'}>
            <Link
              className="collection-tile"
              to={c.id ? `?collection=${encodeURIComponent(c.id)}` : '?collection=all'}
            >
              {c.cover_media_thumbnail ? (
                <img
                  className="collection-tile__cover"
                  src={c.cover_media_thumbnail}
                  alt=""
                  loading="lazy"
                />
              ) : (
                <span className="collection-tile__cover collection-tile__cover--empty">
                  <BookmarkIcon size={32} />
                </span>
              )}
              <span className="collection-tile__name">{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore
        canLoad={canLoadNext(list)}
        isFetching={list.isFetching}
        onLoad={() => void loadCollections(user.id, true)}
        label="Load more collections"
      />
    </>
  );
}

function CollectionsBody({ user }: { user: WireProfile }) {
  const [searchParams] = useSearchParams();
  const { loggedIn } = useSession();
  // Collections are private to their owner.
  if (!user.is_viewer) {
    return loggedIn ? (
      <Navigate to={`/${user.username}/`} replace />
    ) : (
      <Navigate
        to={`/accounts/login/?next=${encodeURIComponent(`/${user.username}/collections/`)}`}
        replace
      />
    );
  }
  const selected = searchParams.get('collection');
  if (selected === null) return <CollectionTiles user={user} />;
  const collectionId = selected === 'all' ? null : selected;
  return (
    <>
      <div className="saved-header">
        <Link className="saved-header__back" to={`/${user.username}/collections/`}>
          <ChevronLeftIcon size={16} /> Collections
        </Link>
      </div>
      <ProfilePosts
        feedKey={collectionFeedKey(collectionId)}
        fetchPage={collectionPostsPage(collectionId)}
        modalParam="saved-by"
        username={user.username}
        empty={
          <ProfileEmpty title="Nothing here yet">
            <p>Save posts to this collection to see them here.</p>
          </ProfileEmpty>
        }
      />
    </>
  );
}

/** /:username/collections/ — the owner's collections; ?collection=<id|all> opens one. */
export default function CollectionsPage() {
  const { username = '' } = useParams();
  return (
    <ProfileLayout username={username} section="saved">
      {(user) => <CollectionsBody user={user} />}
    </ProfileLayout>
  );
}
