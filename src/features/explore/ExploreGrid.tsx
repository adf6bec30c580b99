import { useCallback } from 'react';
import { Link, useLocation } from '../../lib/router';
import type { WirePost } from '../../api/types';
import { useModalSequence, type ModalSequencePost } from '../post/modalSequence';
import { PostTileExtras } from '../post/PostTileExtras';
import './explore.css';

/** The post modal's overlay kind (content §2): explore, tagged={tag} or taken-at={locationId}. */
export type GridModalParam = { explore: true } | { tagged: string } | { takenAt: string };

function overlayQuery(param: GridModalParam): string {
  return 'explore' in param
    ? 'explore=1'
    : 'tagged' in param
      ? `tagged=${encodeURIComponent(param.tagged)}`
      : `taken-at=${encodeURIComponent(param.takenAt)}`;
}

/** Content §2: the modal's address is /p/{mediaId}/ with the overlay kind. */
export function postModalPath(mediaId: string, param: GridModalParam): string {
  return `/p/${mediaId}/?${overlayQuery(param)}`;
}

/** Posts per block of the mixed grid: one 2×2 tile and eight squares fill four rows of three. */
export const MIXED_BLOCK = 9;

/**
 * The mixed explore grid: the first post of every block is drawn 2×2, on the left in even blocks
 * and on the right in odd ones, like a modern explore grid. Returns null for a plain square.
 */
export function featureSide(index: number): 'left' | 'right' | null {
  if (index % MIXED_BLOCK !== 0) return null;
  return Math.floor(index / MIXED_BLOCK) % 2 === 0 ? 'left' : 'right';
}

function altText(post: WirePost): string {
  const caption = post.caption.trim();
  const by = `Photo by ${post.owner.full_name || post.owner.username}`;
  return caption ? `${by}: ${caption.slice(0, 120)}` : by;
}

interface ExploreGridProps {
  posts: readonly WirePost[];
  modalParam: GridModalParam;
  /** Mixed tile sizes (the explore landing); other grids stay uniform. */
  mixed?: boolean;
  /** Accessible name of the list. */
  label: string;
  /** Loads the grid's next page (the post modal asks on the last loaded post). */
  loadMore?: () => void;
}

/**
 * Square thumbnails, three a row; each opens the post as a modal over this page, which then steps
 * through this grid.
 */
export function ExploreGrid({
  posts,
  modalParam,
  mixed = false,
  label,
  loadMore,
}: ExploreGridProps) {
  const location = useLocation();
  // The param object is rebuilt by every render of the page; its query string is what counts.
  const query = overlayQuery(modalParam);
  const pathOf = useCallback((post: ModalSequencePost) => `/p/${post.id}/?${query}`, [query]);
  const modalGrid = useModalSequence({ posts, pathOf, loadMore });
  return (
    <ul className={mixed ? 'explore-grid explore-grid--mixed' : 'explore-grid'} aria-label={label}>
      {posts.map((post, index) => {
        const side = mixed ? featureSide(index) : null;
        const big = side !== null;
        const srcSet = (post.thumbnail_resources ?? [])
          .map((r) => `${r.src} ${r.config_width}w`)
          .join(', ');
        return (
          <li
            key={post.id}
            className={
              side ? `explore-grid__item explore-grid__item--big-${side}` : 'explore-grid__item'
            }
          >
            <Link
              className="explore-grid__link"
              to={pathOf(post)}
              state={{ backgroundLocation: location, modalGrid }}
            >
              <img
                className="explore-grid__img"
                src={post.thumbnail_src || post.display_url}
                srcSet={srcSet || undefined}
                sizes={big ? '(max-width: 735px) 66vw, 614px' : '(max-width: 735px) 33vw, 293px'}
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
