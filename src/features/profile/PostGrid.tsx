import { useCallback } from 'react';
import { Link, useLocation } from '../../lib/router';
import type { WirePost } from '../../api/types';
import { useModalSequence, type ModalSequencePost } from '../post/modalSequence';
import { PostTileExtras } from '../post/PostTileExtras';

interface PostGridProps {
  posts: readonly WirePost[];
  /** Which overlay the post modal opens as (content §2): taken-by a profile, or saved-by. */
  modalParam: 'taken-by' | 'saved-by';
  username: string;
  /** Loads the grid's next page (the post modal asks on the last loaded post). */
  loadMore?: () => void;
}

function thumbnail(post: WirePost): { src: string; srcSet?: string } {
  const resources = post.thumbnail_resources ?? [];
  const srcSet = resources.map((r) => `${r.src} ${r.config_width}w`).join(', ');
  return { src: post.thumbnail_src || post.display_url, srcSet: srcSet || undefined };
}

function altText(post: WirePost): string {
  const caption = post.caption.trim();
  const by = `Photo by ${post.owner.full_name || post.owner.username}`;
  return caption ? `${by}: ${caption.slice(0, 120)}` : by;
}

/**
 * Three square columns of thumbnails; each opens the post as a modal over this page (content §2:
 * /p/{mediaId}/?taken-by= or ?saved-by=), which then steps through this grid.
 */
export function PostGrid({ posts, modalParam, username, loadMore }: PostGridProps) {
  const location = useLocation();
  const pathOf = useCallback(
    (post: ModalSequencePost) => `/p/${post.id}/?${modalParam}=${encodeURIComponent(username)}`,
    [modalParam, username],
  );
  const modalGrid = useModalSequence({ posts, pathOf, loadMore });
  return (
    <ul className="post-grid">
      {posts.map((post) => {
        const { src, srcSet } = thumbnail(post);
        return (
          <li key={post.id} className="post-grid__item">
            <Link
              className="post-grid__link"
              to={pathOf(post)}
              state={{ backgroundLocation: location, modalGrid }}
            >
              <img
                className="post-grid__img"
                src={src}
                srcSet={srcSet}
                sizes="(max-width: 735px) 33vw, 293px"
                alt={post.accessibility_caption ?? altText(post)}
                loading="lazy"
                decoding="async"
              />
              <PostTileExtras post={post} />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
