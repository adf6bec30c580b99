import { useSnapshot } from 'valtio';
import type { WirePost } from '../../api/types';
import { formatCount } from '../../lib/format';
import { gatingState } from '../../state/gating';
import { EyeOffIcon, HeartIcon } from '../../ui/icons';
import './PostTileExtras.css';

/**
 * What a grid tile shows over its thumbnail (profile, saved, explore, tag and place grids): the
 * blur of a gated post not yet revealed, the carousel badge, and the like and comment counts
 * revealed on hover.
 */
export function PostTileExtras({ post }: { post: WirePost }) {
  const revealed = useSnapshot(gatingState).revealed[post.id] === true;
  const gating = revealed ? null : post.gating_info;
  return (
    <>
      {gating ? (
        <span className="post-tile__gate" role="img" aria-label={gating.title}>
          <EyeOffIcon size={28} />
        </span>
      ) : null}
      {post.__typename === 'GraphSidecar' ? (
        <span className="post-tile__badge" role="img" aria-label="Carousel">
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <rect x="7" y="3" width="14" height="14" rx="2" fill="currentColor" />
            <path d="M4 7v12a2 2 0 0 0 2 2h12" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </span>
      ) : null}
      <span className="post-tile__overlay" aria-hidden="true">
        <span>
          <HeartIcon size={18} filled /> {formatCount(post.edge_media_preview_like.count)}
        </span>
        <span>
          <svg width="18" height="18" viewBox="0 0 24 24">
            <path
              d="M20.7 16.5A9.5 9.5 0 1 0 17 20l4 1.5z"
              fill="currentColor"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinejoin="round"
            />
          </svg>{' '}
          {formatCount(post.edge_media_to_comment.count)}
        </span>
      </span>
    </>
  );
}
