import { useSnapshot } from 'valtio';
import type { EmbedScope } from '../../api/embed';
import type { WirePost } from '../../api/types';
import { Link } from '../../lib/router';
import { loadMoreEmbedPosts, embedFeedKey } from '../../state/embed';
import { canLoadNext, postFeedsState, type PagedList } from '../../state/postFeeds';
import { PostTileExtras } from '../post/PostTileExtras';
import { LoadMore } from '../profile/LoadMore';

function altText(post: WirePost): string {
  const caption = post.caption.trim();
  const by = `Photo by ${post.owner.full_name || post.owner.username}`;
  return caption ? `${by}: ${caption.slice(0, 120)}` : by;
}

interface EmbedMorePostsProps {
  shortcode: string;
  scope: EmbedScope;
  ownerUsername: string;
}

/**
 * More posts under the card, three square thumbnails a row, 12 a page, loading the next page as
 * the end scrolls into view (LoadMore, as in the profile and explore grids). Each opens the post
 * page: a modal over an embed would be cramped in a small frame. A failed next page keeps what was
 * loaded (content §4) and offers Retry.
 */
export function EmbedMorePosts({ shortcode, scope, ownerUsername }: EmbedMorePostsProps) {
  const snap = useSnapshot(postFeedsState);
  const feed = snap.feeds[embedFeedKey(shortcode, scope)] as PagedList<WirePost> | undefined;
  if (!feed || feed.items.length === 0) return null;
  const title = scope === 'local' ? `More posts from ${ownerUsername}` : 'More posts on Glint';
  const loadNext = () => void loadMoreEmbedPosts(shortcode, scope);
  return (
    <section className="embed-more" aria-label={title}>
      <h2 className="embed-more__title">{title}</h2>
      <ul className="embed-more__grid">
        {feed.items.map((post) => (
          <li key={post.id}>
            <Link className="embed-more__link" to={`/p/${post.shortcode}/`}>
              <img
                className="embed-more__img"
                src={post.thumbnail_src || post.display_url}
                alt={post.accessibility_caption ?? altText(post)}
                loading="lazy"
                decoding="async"
              />
              <PostTileExtras post={post} />
            </Link>
          </li>
        ))}
      </ul>
      {feed.failed && feed.hasNextPage ? (
        <div className="load-more">
          <button type="button" className="btn btn--secondary btn--sm" onClick={loadNext}>
            Retry
          </button>
        </div>
      ) : (
        <LoadMore
          canLoad={canLoadNext(feed)}
          isFetching={feed.isFetching}
          onLoad={loadNext}
          label="Load more posts"
        />
      )}
    </section>
  );
}
