import type { EmbedScope } from '../../api/embed';
import { Link } from '../../lib/router';
import { Avatar } from '../../ui/Avatar';
import { GlintMark, HeartIcon } from '../../ui/icons';
import { countLabel } from '../post/LikesSummary';
import { PostCaption } from '../post/PostCaption';
import { PostMedia } from '../post/PostMedia';
import { VerifiedBadge } from '../post/postIcons';
import { PostNotFound } from '../post/PostStates';
import { usePost } from '../post/usePost';
import { EmbedMorePosts } from './EmbedMorePosts';

interface EmbedCardProps {
  postId: string;
  shortcode: string;
  scope: EmbedScope;
}

/**
 * The compact post card of an embed: owner, media, likes, caption, a way onto Glint, and the strip
 * of more posts. A post deleted meanwhile (deletePost drops it from the store) reads as not found.
 */
export function EmbedCard({ postId, shortcode, scope }: EmbedCardProps) {
  const entry = usePost(postId);
  if (!entry) return <PostNotFound />;
  const { post, view } = entry;
  const { owner } = post;
  const profile = `/${owner.username}/`;
  return (
    <article className="embed-card" aria-label={`Post by ${owner.username}`}>
      <header className="embed-card__header">
        <Link to={profile} className="embed-card__avatar" tabIndex={-1} aria-hidden="true">
          <Avatar src={owner.profile_pic_url || null} username={owner.username} decorative />
        </Link>
        <span className="embed-card__owner">
          <Link to={profile} className="embed-card__username">
            {owner.username}
          </Link>
          {owner.is_verified ? <VerifiedBadge /> : null}
        </span>
        <Link to="/" className="embed-card__brand" aria-label="Glint">
          <GlintMark size={24} aria-hidden="true" />
        </Link>
      </header>
      <PostMedia post={post} eager />
      <div className="embed-card__body">
        <Link to={`/p/${post.shortcode}/`} className="embed-card__view">
          View on Glint
        </Link>
        <p className="embed-card__likes">
          <HeartIcon size={16} filled aria-hidden="true" /> {countLabel(view.likeCount)}
        </p>
        <PostCaption post={post} truncate />
      </div>
      <EmbedMorePosts shortcode={shortcode} scope={scope} ownerUsername={owner.username} />
    </article>
  );
}
