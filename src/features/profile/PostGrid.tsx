import { Link, useLocation } from 'react-router-dom';
import type { WirePost } from '../../api/types';
import { formatCount } from '../../lib/format';
import { HeartIcon } from '../../ui/icons';

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
              {post.__typename === 'GraphSidecar' ? (
                <span className="post-grid__badge" aria-label="Carousel">
                  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
                    <rect x="7" y="3" width="14" height="14" rx="2" fill="currentColor" />
                    <path
                      d="M4 7v12a2 2 0 0 0 2 2h12"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                    />
                  </svg>
                </span>
              ) : null}
              <span className="post-grid__overlay" aria-hidden="true">
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
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
