import { Link } from '../../lib/router';
import type { WirePost } from '../../api/types';
import { Avatar } from '../../ui/Avatar';
import { PostMenu } from './PostMenu';
import { PostPartnership } from './PostPartnership';
import { VerifiedBadge } from './postIcons';
import './PostHeader.css';

export function locationPath(location: NonNullable<WirePost['location']>): string {
  return `/explore/locations/${encodeURIComponent(location.id)}/${encodeURIComponent(location.slug)}/`;
}

interface PostHeaderProps {
  post: WirePost;
  /** Hides "Go to post" in the menu when the post page is already open. */
  onPostPage?: boolean;
  onDeleted?: () => void;
}

/**
 * Owner avatar, username with verified badge, the paid partnership, location, and the options
 * menu.
 */
export function PostHeader({ post, onPostPage = false, onDeleted }: PostHeaderProps) {
  const { owner, location } = post;
  const profile = `/${owner.username}/`;
  return (
    <header className="post-header">
      <Link to={profile} className="post-header__avatar" tabIndex={-1} aria-hidden="true">
        <Avatar
          src={owner.profile_pic_url || null}
          username={owner.username}
          size={32}
          decorative
        />
      </Link>
      <div className="post-header__names">
        <span className="post-header__owner">
          <Link to={profile} className="post-header__username">
            {owner.username}
          </Link>
          {owner.is_verified ? <VerifiedBadge /> : null}
        </span>
        <PostPartnership post={post} />
        {location ? (
          <Link to={locationPath(location)} className="post-header__location">
            {location.name}
          </Link>
        ) : null}
      </div>
      <PostMenu post={post} onPostPage={onPostPage} onDeleted={onDeleted} />
    </header>
  );
}
