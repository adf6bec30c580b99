import { memo, useRef } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { useSession } from '../../app/useSession';
import { setLiked } from '../../state/posts';
import { Timestamp } from '../../ui/Timestamp';
import { CommentForm } from './CommentForm';
import { CommentPreview } from './CommentPreview';
import { LikesSummary } from './LikesSummary';
import { PostActions, VisitorPrompt } from './PostActions';
import { PostCaption } from './PostCaption';
import { PostHeader } from './PostHeader';
import { PostMedia } from './PostMedia';
import { usePost } from './usePost';
import './PostCard.css';

interface PostCardProps {
  postId: string;
  /** The first cards load their image at once; the rest lazily. */
  eager?: boolean;
}

/** A post in the feed: header, media, actions, likes, caption, comment preview, time, comment box. */
export const PostCard = memo(function PostCard({ postId, eager = false }: PostCardProps) {
  const entry = usePost(postId);
  const { viewer } = useSession();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  if (!entry) return null;
  const { post, view } = entry;
  const postPath = `/p/${post.shortcode}/`;

  return (
    <article className="post-card" aria-label={`Post by ${post.owner.username}`}>
      <PostHeader post={post} />
      <PostMedia
        post={post}
        eager={eager}
        onDoubleLike={viewer ? () => setLiked(post.id, true) : undefined}
      />
      <div className="post-card__body">
        {viewer ? (
          <PostActions
            postId={post.id}
            shortcode={post.shortcode}
            view={view}
            onComment={() => (inputRef.current ? inputRef.current.focus() : navigate(postPath))}
          />
        ) : (
          <VisitorPrompt />
        )}
        <LikesSummary post={post} view={view} viewerUsername={viewer?.username ?? null} />
        <PostCaption post={post} truncate />
        <CommentPreview post={post} />
        <Link to={postPath} className="post-card__time">
          <Timestamp ts={post.taken_at_timestamp} long />
        </Link>
      </div>
      {viewer && !post.comments_disabled ? (
        <CommentForm postId={post.id} viewer={viewer} inputRef={inputRef} />
      ) : null}
    </article>
  );
});
