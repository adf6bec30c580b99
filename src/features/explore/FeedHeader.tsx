import type { ReactNode } from 'react';
import type { WirePost } from '../../api/types';
import { formatCount } from '../../lib/format';

interface FeedHeaderProps {
  title: string;
  /** Total posts; null while unknown. */
  mediaCount: number | null;
  /** The big round picture: the best post's thumbnail. */
  cover: WirePost | null;
  children?: ReactNode;
}

/** The header of a hashtag or location page: big round thumbnail, name and posts count. */
export function FeedHeader({ title, mediaCount, cover, children }: FeedHeaderProps) {
  return (
    <header className="feed-header">
      <div className="feed-header__cover" aria-hidden="true">
        {cover ? <img src={cover.thumbnail_src || cover.display_url} alt="" /> : null}
      </div>
      <div className="feed-header__text">
        <h1 className="feed-header__title">{title}</h1>
        {mediaCount !== null ? (
          <p className="feed-header__count">
            <strong>{formatCount(mediaCount)}</strong> {mediaCount === 1 ? 'post' : 'posts'}
          </p>
        ) : null}
        {children}
      </div>
    </header>
  );
}
