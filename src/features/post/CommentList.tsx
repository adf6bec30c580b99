import { useEffect, useRef, useState } from 'react';
import { useFocusRescue } from '../../ui/useFocusRescue';
import { Link } from '../../lib/router';
import { useSnapshot } from 'valtio';
import type { WirePost } from '../../api/types';
import { commentsState, type Comment } from '../../state/comments';
import { deleteComment, loadMoreComments, preloadComments } from '../../state/commentsActions';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { RichText } from '../../ui/RichText';
import { Spinner } from '../../ui/Spinner';
import { Timestamp } from '../../ui/Timestamp';
import { PlusCircleIcon, VerifiedBadge } from './postIcons';
import './Comments.css';

interface RowProps {
  username: string;
  picture: string;
  verified: boolean;
  text: string;
  postedAt: number;
  onDelete?: () => void;
}

function CommentRow({ username, picture, verified, text, postedAt, onDelete }: RowProps) {
  return (
    <li className="comment">
      <Link to={`/${username}/`} tabIndex={-1} aria-hidden="true" className="comment__avatar">
        <Avatar src={picture || null} username={username} size={32} decorative />
      </Link>
      <div className="comment__body">
        <p className="comment__text">
          <Link to={`/${username}/`} className="comment__username">
            {username}
          </Link>
          {verified ? <VerifiedBadge size={12} /> : null} <RichText text={text} />
        </p>
        <div className="comment__meta">
          <Timestamp ts={postedAt} />
          {onDelete ? (
            <button
              type="button"
              className="comment__delete"
              aria-label="Delete comment"
              onClick={onDelete}
            >
              Delete
            </button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

interface CommentListProps {
  post: WirePost;
  viewerId: string | null;
}

/** The caption, then the comments oldest first with "Load more comments" (post page, modal). */
export function CommentList({ post, viewerId }: CommentListProps) {
  const snap = useSnapshot(commentsState);
  const entry = snap.byPost[post.id];
  const comments = (entry?.commentIds ?? [])
    .map((id) => snap.byId[id] as Comment | undefined)
    .filter((c): c is Comment => c !== undefined && !c.deleted);
  // Rules for deleting others' comments are open (content §6); the server allows the comment's
  // author and the post's owner, so those two see Delete.
  const mayDelete = (c: Comment) =>
    viewerId !== null && (c.userId === viewerId || post.owner.id === viewerId);
  // The next page is fetched ahead, so "Load more comments" shows it at once (content §9).
  const hasMore = entry?.pagination.hasNextPage === true;
  useEffect(() => {
    if (hasMore) preloadComments(post.id, post.shortcode);
  }, [hasMore, post.id, post.shortcode]);

  // Delete removes its row and "Load more comments" turns into a spinner: the focused button goes
  // with them, and the focus stays on the list instead of falling to the page.
  const list = useRef<HTMLUListElement>(null);
  const rescueFocus = useFocusRescue(list);
  const fromList = (action: () => void) => () => {
    rescueFocus();
    action();
  };
  // Delete asks first, as Delete post does: a comment deleted is gone for good.
  const [confirming, setConfirming] = useState<string | null>(null);

  return (
    <div className="comment-list">
      <ul className="comment-list__items" aria-label="Comments" ref={list} tabIndex={-1}>
        {post.caption ? (
          <CommentRow
            username={post.owner.username}
            picture={post.owner.profile_pic_url}
            verified={post.owner.is_verified}
            text={post.caption}
            postedAt={post.taken_at_timestamp}
          />
        ) : null}
        {comments.map((c) => (
          <CommentRow
            key={c.id}
            username={c.owner.username}
            picture={c.owner.profile_pic_url}
            verified={c.owner.is_verified}
            text={c.text}
            postedAt={c.postedAt}
            onDelete={mayDelete(c) ? () => setConfirming(c.id) : undefined}
          />
        ))}
      </ul>
      {entry?.pagination.hasNextPage ? (
        <div className="comment-list__more">
          {entry.pagination.isFetching ? (
            <Spinner size={24} label="Loading comments" />
          ) : (
            <button
              type="button"
              className="icon-button"
              aria-label="Load more comments"
              onClick={fromList(() => void loadMoreComments(post.id, post.shortcode))}
            >
              <PlusCircleIcon size={24} />
            </button>
          )}
        </div>
      ) : null}
      {!post.caption && comments.length === 0 ? (
        <p className="comment-list__empty">No comments yet.</p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title="Delete comment?"
          body="It will be removed from this post."
          confirmLabel="Delete"
          destructive
          onConfirm={fromList(() => {
            setConfirming(null);
            void deleteComment(post.id, confirming);
          })}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
}
