import { useRef, type CSSProperties } from 'react';
import { useSession } from '../../app/useSession';
import { setLiked } from '../../state/posts';
import { Timestamp } from '../../ui/Timestamp';
import { CommentForm } from './CommentForm';
import { CommentList } from './CommentList';
import { LikesSummary } from './LikesSummary';
import { PostActions, VisitorPrompt } from './PostActions';
import { PostHeader } from './PostHeader';
import { PostMedia, mediaAspect } from './PostMedia';
import { usePost } from './usePost';
import './PostDetail.css';
import { usePageTitle } from '../../lib/navigation';
import { postTitle } from './postTitle';

interface PostDetailProps {
  postId: string;
  /** After the viewer deletes this post. */
  onDeleted: () => void;
  variant: 'page' | 'modal';
}

/**
 * A post with all its comments: media left and the conversation right on wide screens, one column
 * on phones (the post page and the post modal share it).
 */
export function PostDetail({ postId, onDeleted, variant }: PostDetailProps) {
  const entry = usePost(postId);
  const { viewer } = useSession();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  usePageTitle(entry ? postTitle(entry.post) : null);
  if (!entry) return null;
  const { post, view } = entry;

  return (
    <article
      className={`post-detail post-detail--${variant}`}
      aria-label={`Post by ${post.owner.username}`}
      // The modal sizes its media column from the photo's shape (PostDetail.css).
      style={{ '--post-aspect': mediaAspect(post.dimensions) } as CSSProperties}
    >
      {/* The post page's heading (a modal is named by its dialog): it takes the focus on arrival. */}
      {variant === 'page' ? (
        <h1 className="visually-hidden">Post by {post.owner.username}</h1>
      ) : null}
      <div className="post-detail__header">
        <PostHeader post={post} onPostPage onDeleted={onDeleted} />
      </div>
      <div className="post-detail__media">
        <PostMedia
          post={post}
          eager
          onDoubleLike={viewer ? () => setLiked(post.id, true) : undefined}
        />
      </div>
      <div className="post-detail__comments">
        <CommentList post={post} viewerId={viewer?.id ?? null} />
      </div>
      <div className="post-detail__footer">
        {viewer ? (
          <PostActions
            postId={post.id}
            shortcode={post.shortcode}
            view={view}
            onComment={() => inputRef.current?.focus()}
          />
        ) : (
          <VisitorPrompt />
        )}
        <LikesSummary post={post} view={view} viewerUsername={viewer?.username ?? null} />
        <Timestamp ts={post.taken_at_timestamp} long className="post-detail__time" />
      </div>
      {viewer && !post.comments_disabled ? (
        <div className="post-detail__form">
          <CommentForm postId={post.id} viewer={viewer} inputRef={inputRef} />
        </div>
      ) : null}
    </article>
  );
}
