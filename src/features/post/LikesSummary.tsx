import { Fragment } from 'react';
import { Link } from '../../lib/router';
import type { WirePost } from '../../api/types';
import { formatNumber } from '../../lib/format';
import { LIKERS_SUMMARY_MAX_NAMES } from '../../lib/tokens';
import type { PostView } from '../../state/posts';
import './PostActions.css';

/**
 * The likers shown by name: the preview likers, with the viewer added or removed to match a tap
 * still on its way to the server.
 */
export function likerNames(
  post: WirePost,
  view: PostView,
  viewerUsername: string | null,
): string[] {
  let names = post.edge_media_preview_like.edges.map((e) => e.node.username);
  if (viewerUsername) {
    names = names.filter((n) => n !== viewerUsername);
    if (view.liked) names.unshift(viewerUsername);
  }
  return names.slice(0, Math.min(view.likeCount, LIKERS_SUMMARY_MAX_NAMES));
}

export type LikesText =
  | { kind: 'none' }
  | { kind: 'names'; names: string[]; others: number }
  | { kind: 'count'; count: number };

/** Up to 10 likes are told by name ("Liked by a, b and 2 others"); above that, a count. */
export function likesText(count: number, names: string[]): LikesText {
  if (count <= 0) return { kind: 'none' };
  if (count > LIKERS_SUMMARY_MAX_NAMES || names.length === 0) return { kind: 'count', count };
  return { kind: 'names', names, others: count - names.length };
}

export function countLabel(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'like' : 'likes'}`;
}

interface LikesSummaryProps {
  post: WirePost;
  view: PostView;
  viewerUsername: string | null;
}

export function LikesSummary({ post, view, viewerUsername }: LikesSummaryProps) {
  const text = likesText(view.likeCount, likerNames(post, view, viewerUsername));
  const likedBy = `/p/${post.shortcode}/liked_by/`;
  // Content §6: the liked-by list is clickable only when the viewer may see it.
  const toList = (label: string) =>
    post.viewer_can_see_likers ? (
      <Link to={likedBy} className="likes-summary__link">
        {label}
      </Link>
    ) : (
      <span className="likes-summary__link">{label}</span>
    );
  const views =
    post.is_video && post.video_view_count !== undefined ? (
      <p className="likes-summary likes-summary--views">
        {formatNumber(post.video_view_count)} {post.video_view_count === 1 ? 'view' : 'views'}
      </p>
    ) : null;

  if (text.kind === 'none') {
    return (
      views ?? (
        <p className="likes-summary likes-summary--empty">
          {viewerUsername ? 'Be the first to like this' : 'No likes yet'}
        </p>
      )
    );
  }
  return (
    <>
      {views}
      <p className="likes-summary">
        {text.kind === 'count' ? (
          toList(countLabel(text.count))
        ) : (
          <>
            Liked by{' '}
            {text.names.map((name, i) => (
              <Fragment key={name}>
                {i > 0 ? (i === text.names.length - 1 && text.others === 0 ? ' and ' : ', ') : null}
                <Link to={`/${name}/`} className="likes-summary__name">
                  {name}
                </Link>
              </Fragment>
            ))}
            {text.others > 0 ? (
              <>
                {' and '}
                {toList(`${formatNumber(text.others)} ${text.others === 1 ? 'other' : 'others'}`)}
              </>
            ) : null}
          </>
        )}
      </p>
    </>
  );
}
