import { Link, useLocation } from '../../lib/router';
import type { WirePost } from '../../api/types';
import { PostTileExtras } from '../../ui/PostTileExtras';

interface PostGridProps {
  posts: readonly WirePost[];
  /** Which overlay the post modal opens as (content §2): taken-by a profile, or saved-by. */
  modalParam: 'taken-by' | 'saved-by';
  username: string;
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

/** Three square columns of thumbnails; each opens the post as a modal over this page. */
export function PostGrid({ posts, modalParam, username }: PostGridProps) {
  const location = useLocation();
  return (
    <ul className="post-grid">
      {posts.map((post) => {
        const { src, srcSet } = thumbnail(post);
        return (
          <li key={post.id} className="post-grid__item">
            <Link
              className="post-grid__link"
              to={`/p/${post.shortcode}/?${modalParam}=${encodeURIComponent(username)}`}
              state={{ backgroundLocation: location }}
            >
              <img
                className="post-grid__img"
                src={src}
                srcSet={srcSet}
                sizes="(max-width: 735px) 33vw, 293px"
                alt={altText(post)}
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
