import { Link } from '../../lib/router';
import { useSnapshot } from 'valtio';
import type { WirePost } from '../../api/types';
import { formatNumber } from '../../lib/format';
import { FEED_COMMENTS_PER_POST } from '../../lib/tokens';
import { commentsState, type Comment } from '../../state/comments';
import { RichText } from '../../ui/RichText';
import './Comments.css';

/** The feed card's comments: "View all N comments", then the newest few. */
export function CommentPreview({ post }: { post: WirePost }) {
  const snap = useSnapshot(commentsState);
  const entry = snap.byPost[post.id];
  if (!entry) return null;
  const comments = entry.commentIds
    .map((id) => snap.byId[id] as Comment | undefined)
    .filter((c): c is Comment => c !== undefined && !c.deleted)
    .slice(-FEED_COMMENTS_PER_POST);
  return (
    <div className="comment-preview">
      {entry.count > comments.length ? (
        <Link to={`/p/${post.shortcode}/`} className="comment-preview__all">
          View all {formatNumber(entry.count)} comments
        </Link>
      ) : null}
      <ul className="comment-preview__items">
        {comments.map((c) => (
          <li key={c.id} className="comment-preview__item">
            <Link to={`/${c.owner.username}/`} className="comment__username">
              {c.owner.username}
            </Link>{' '}
            <RichText text={c.text} />
          </li>
        ))}
      </ul>
    </div>
  );
}
